// A script run inside a consumer project (plain Node, the packed package and one openapi-fetch
// release installed): it exercises the SDK's behaviour through both builds and prints what it
// observed as JSON, for openapi-fetch-range.test.ts to compare.
export const sdkBehaviourScript = `
import { createRequire } from "node:module";
import * as esm from "plant-store-sdk";

const cjs = createRequire(import.meta.url)("plant-store-sdk");
const baseUrl = "https://plants.example/v1";
const json = (body, status = 200, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const outcome = (promise) =>
  promise.then(
    (value) => ({ value }),
    (error) => ({ error: error?.name, message: error?.message }),
  );

/** A fetch answering with the replies in turn; records method, URL, Authorization and body. */
function scripted(...replies) {
  const seen = [];
  const fetch = async (request) => {
    seen.push([request.method, request.url, request.headers.get("authorization"), await request.text()]);
    const reply = replies[Math.min(seen.length, replies.length) - 1];
    return typeof reply === "function" ? reply(request) : reply.clone();
  };
  return { fetch, seen };
}

const observed = { openapiFetch: createRequire(import.meta.url)("openapi-fetch/package.json").version };

{
  const { fetch, seen } = scripted(json([{ name: "Fern" }]), json({ name: "Ivy", tag: "x" }, 201));
  let n = 0;
  const client = esm.createPlantStoreClient({ baseUrl, token: () => "t" + ++n, fetch });
  observed.list = await client.listPlants({ limit: 0 });
  observed.create = await client.createPlant({ name: "Ivy", tag: "x" });
  observed.sent = seen;
}
{
  const { fetch, seen } = scripted(json({ error: 503, message: "busy" }, 503, { "retry-after": "0" }), json([]));
  const client = cjs.createPlantStoreClient({ baseUrl, token: "t", fetch });
  observed.retried = [await client.listPlants(), seen.length];
}
{
  const { fetch } = scripted(json({ error: 409, message: "id 1 is already in the store." }, 409));
  const error = await esm
    .createPlantStoreClient({ baseUrl, token: "t", fetch })
    .createPlant({ name: "Fern", id: 1 })
    .catch((e) => e);
  observed.apiError = {
    esm: error instanceof esm.PlantStoreApiError,
    cjs: error instanceof cjs.PlantStoreApiError,
    cjsBase: error instanceof cjs.PlantStoreError,
    cjsConnection: error instanceof cjs.PlantStoreConnectionError,
    status: error.status,
    code: error.code,
    message: error.message,
  };
}
{
  const ignoresSignal = () => new Promise(() => {});
  const client = cjs.createPlantStoreClient({ baseUrl, token: "t", fetch: ignoresSignal, timeout: 50, retries: 0 });
  const error = await client.listPlants().catch((e) => e);
  observed.timeout = {
    esm: error instanceof esm.PlantStoreTimeoutError,
    esmConnection: error instanceof esm.PlantStoreConnectionError,
    message: error.message,
  };
  const controller = new AbortController();
  const aborted = client.listPlants({}, { signal: controller.signal });
  controller.abort();
  observed.aborted = await outcome(aborted);
}
{
  const { fetch } = scripted(json([1, null, "x"]));
  observed.notPlants = await outcome(esm.createPlantStoreClient({ baseUrl, token: "t", fetch }).listPlants());
}
{
  const { fetch, seen } = scripted(json([]));
  const client = esm.createPlantStoreClient({ baseUrl, token: "t", fetch });
  await client.raw.GET("/plants", { baseUrl: "https://staging.example" });
  await client.listPlants();
  observed.rawThenOurs = seen.map(([, url]) => url);
}
// What a console or a log shows of an error: the bundler must not rename the classes.
observed.classNames = [esm, cjs].map((build) =>
  ["PlantStoreError", "PlantStoreApiError", "PlantStoreConnectionError", "PlantStoreTimeoutError"].map(
    (name) => build[name].name,
  ),
);
observed.inspected = (await import("node:util")).inspect(new cjs.PlantStoreError("x")).split(String.fromCharCode(10))[0];
observed.badOption = await outcome(Promise.resolve().then(() => esm.createPlantStoreClient({ baseUrl: "/v1", token: "t" })));

console.log(JSON.stringify(observed));
`;

/** What the script prints, less the openapi-fetch version. */
export const expectedBehaviour = {
  list: [{ name: "Fern" }],
  create: { name: "Ivy", tag: "x" },
  sent: [
    ["GET", "https://plants.example/v1/plants?limit=0", "Bearer t1", ""],
    ["POST", "https://plants.example/v1/plants", "Bearer t2", '{"name":"Ivy","tag":"x"}'],
  ],
  retried: [[], 2],
  apiError: {
    esm: true,
    cjs: true,
    cjsBase: true,
    cjsConnection: false,
    status: 409,
    code: 409,
    message:
      "POST https://plants.example/v1/plants failed with status 409: id 1 is already in the store.",
  },
  timeout: {
    esm: true,
    esmConnection: true,
    message: "GET https://plants.example/v1/plants timed out (50 ms)",
  },
  aborted: { error: "AbortError", message: "This operation was aborted" },
  notPlants: {
    error: "PlantStoreError",
    message:
      "GET https://plants.example/v1/plants answered 200, breaking the contract: the JSON is not a list of plants",
  },
  rawThenOurs: ["https://staging.example/plants", "https://plants.example/v1/plants"],
  classNames: [0, 1].map(() => [
    "PlantStoreError",
    "PlantStoreApiError",
    "PlantStoreConnectionError",
    "PlantStoreTimeoutError",
  ]),
  inspected: "PlantStoreError: x",
  badOption: {
    error: "TypeError",
    message: "baseUrl must be an absolute http(s) URL without query, fragment or credentials",
  },
};
