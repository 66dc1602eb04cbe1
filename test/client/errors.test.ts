import { describe, expect, it } from "vitest";
import {
  createPlantStoreClient,
  PlantStoreApiError,
  PlantStoreConnectionError,
  PlantStoreError,
  PlantStoreTimeoutError,
} from "../../src/client/index.js";
import { apiError, json, stubFetch } from "./stub-fetch.js";

const baseUrl = "https://plants.example/v1";
const token = "t";
const noRetries = { baseUrl, token, retries: 0 };

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("PlantStoreApiError", () => {
  it("carries status, code, message, headers and the parsed Error body", async () => {
    const fetch = stubFetch(
      apiError(409, "id 42 is already in the store.", { "X-Request-Id": "abc" }),
    );
    const client = createPlantStoreClient({ ...noRetries, fetch });
    const error = (await rejectionOf(
      client.createPlant({ name: "Fern", id: 42 }),
    )) as PlantStoreApiError;
    expect(error).toBeInstanceOf(PlantStoreApiError);
    expect(error).toBeInstanceOf(PlantStoreError);
    expect(error.name).toBe("PlantStoreApiError");
    expect(error.status).toBe(409);
    expect(error.code).toBe(409);
    expect(error.message).toBe(
      "POST https://plants.example/v1/plants failed with status 409: id 42 is already in the store.",
    );
    expect(error.body).toEqual({ error: 409, message: "id 42 is already in the store." });
    expect(error.text).toBe('{"error":409,"message":"id 42 is already in the store."}');
    expect(error.headers.get("X-Request-Id")).toBe("abc");
  });

  it("names the query in the URL of a failed list, and keeps WWW-Authenticate", async () => {
    const fetch = stubFetch(
      apiError(401, "The bearer token is not accepted.", {
        "WWW-Authenticate": 'Bearer realm="plant-store", error="invalid_token"',
      }),
    );
    const client = createPlantStoreClient({ ...noRetries, fetch });
    const error = (await rejectionOf(client.listPlants({ limit: 5 }))) as PlantStoreApiError;
    expect(error.message).toBe(
      "GET https://plants.example/v1/plants?limit=5 failed with status 401: The bearer token is not accepted.",
    );
    expect(error.headers.get("WWW-Authenticate")).toBe(
      'Bearer realm="plant-store", error="invalid_token"',
    );
  });

  it("still comes from an HTML 502 of a proxy, with the status text as message, the text as text and no body", async () => {
    const html = "<html><body><h1>502 Bad Gateway</h1></body></html>";
    const fetch = stubFetch(
      new Response(html, {
        status: 502,
        statusText: "Bad Gateway",
        headers: { "Content-Type": "text/html" },
      }),
    );
    const client = createPlantStoreClient({ ...noRetries, fetch });
    const error = (await rejectionOf(client.listPlants())) as PlantStoreApiError;
    expect(error).toBeInstanceOf(PlantStoreApiError);
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.body).toBeUndefined();
    expect(error.text).toBe(html);
    expect(error.message).toBe(
      "GET https://plants.example/v1/plants failed with status 502: Bad Gateway",
    );
  });

  it("comes from an error answer with an empty body", async () => {
    const fetch = stubFetch(new Response(null, { status: 503, statusText: "Service Unavailable" }));
    const client = createPlantStoreClient({ ...noRetries, fetch });
    const error = (await rejectionOf(client.listPlants())) as PlantStoreApiError;
    expect(error.status).toBe(503);
    expect(error.body).toBeUndefined();
    expect(error.text).toBe("");
    expect(error.message).toBe(
      "GET https://plants.example/v1/plants failed with status 503: Service Unavailable",
    );
  });
});

describe("PlantStoreApiError messages", () => {
  it("end at the status when the status text is empty (HTTP/2) and the body says nothing", async () => {
    const fetch = stubFetch(new Response("", { status: 503, statusText: "" }));
    const client = createPlantStoreClient({ ...noRetries, fetch });
    const error = (await rejectionOf(client.listPlants())) as PlantStoreApiError;
    expect(error.message).toBe("GET https://plants.example/v1/plants failed with status 503");
  });

  it.each([
    ["an object", { error: 500, message: { text: "boom" } }, false],
    ["a number", { error: 500, message: 42 }, false],
    ["empty", { error: 500, message: "" }, true],
  ])("fall back to the status text when the body's message is %s", async (_, body, isErrorBody) => {
    const fetch = stubFetch(
      new Response(JSON.stringify(body), { status: 500, statusText: "Internal Server Error" }),
    );
    const client = createPlantStoreClient({ ...noRetries, fetch });
    const error = (await rejectionOf(client.listPlants())) as PlantStoreApiError;
    expect(error.message).toBe(
      "GET https://plants.example/v1/plants failed with status 500: Internal Server Error",
    );
    // body only when it is the contract's Error body (a message that is a string); text always.
    expect(error.body).toEqual(isErrorBody ? body : undefined);
    expect(JSON.parse(error.text)).toEqual(body);
  });

  it.each([
    ["a string", { error: "E_CONFLICT", message: "taken" }],
    ["an object", { error: { code: 409 }, message: "taken" }],
  ])(
    "leave code undefined when the body's error is %s (code is a number or undefined)",
    async (_, body) => {
      const fetch = stubFetch(json(body, 409));
      const client = createPlantStoreClient({ ...noRetries, fetch });
      const error = (await rejectionOf(client.createPlant({ name: "Fern" }))) as PlantStoreApiError;
      expect(error.code).toBeUndefined();
      expect(error.status).toBe(409);
      expect(error.message).toBe(
        "POST https://plants.example/v1/plants failed with status 409: taken",
      );
    },
  );
});

describe("a 2xx answer that breaks the contract", () => {
  it.each([
    ["not JSON", new Response("<html>maintenance</html>", { status: 200 })],
    ["an empty body", new Response(null, { status: 200 })],
    ["an object", json({ plants: [] })],
    ["null", json(null)],
    ["an array of things that are not plants", json([1, null, "x"])],
    ["a plant whose name is not a string", json([{ name: "Fern" }, { name: 5 }])],
    ["a plant without a name", json([{ tag: "shade" }])],
    ["a plant whose tag is not a string", json([{ name: "Fern", tag: 5 }])],
    ["a plant whose tag is null", json([{ name: "Fern", tag: null }])],
  ])("gives a PlantStoreError for a list answered with %s", async (_, response) => {
    const client = createPlantStoreClient({ ...noRetries, fetch: stubFetch(response) });
    const error = await rejectionOf(client.listPlants());
    expect(error).toBeInstanceOf(PlantStoreError);
    expect(error).not.toBeInstanceOf(PlantStoreApiError);
    const broken = ["not JSON", "an empty body"].includes(_)
      ? "the body is not JSON"
      : "the JSON is not a list of plants";
    expect((error as Error).message).toBe(
      `GET https://plants.example/v1/plants answered 200, breaking the contract: ${broken}`,
    );
  });

  it.each([
    ["not JSON", new Response("created", { status: 201 })],
    ["an array", json([{ name: "Fern" }], 201)],
    ["a plant without a name", json({ tag: "x" }, 201)],
    ["a name that is not a string", json({ name: 5 }, 201)],
    ["a tag that is not a string", json({ name: "Fern", tag: ["x"] }, 201)],
    ["null", json(null, 201)],
  ])("gives a PlantStoreError for a create answered with %s", async (_, response) => {
    const client = createPlantStoreClient({ ...noRetries, fetch: stubFetch(response) });
    const error = await rejectionOf(client.createPlant({ name: "Fern" }));
    expect(error).toBeInstanceOf(PlantStoreError);
    const broken = _ === "not JSON" ? "the body is not JSON" : "the JSON is not a plant";
    expect((error as Error).message).toBe(
      `POST https://plants.example/v1/plants answered 201, breaking the contract: ${broken}`,
    );
  });
});

describe("PlantStoreConnectionError", () => {
  it("wraps a fetch that got no response, keeping the original as cause", async () => {
    const cause = new TypeError("fetch failed");
    const fetch = stubFetch(cause);
    const client = createPlantStoreClient({ ...noRetries, fetch });
    const error = (await rejectionOf(
      client.createPlant({ name: "Fern" }),
    )) as PlantStoreConnectionError;
    expect(error).toBeInstanceOf(PlantStoreConnectionError);
    expect(error).toBeInstanceOf(PlantStoreError);
    expect(error).not.toBeInstanceOf(PlantStoreTimeoutError);
    expect(error.name).toBe("PlantStoreConnectionError");
    expect(error.message).toBe("POST https://plants.example/v1/plants: no response: fetch failed");
    expect(error.cause).toBe(cause);
    expect(fetch.requests).toHaveLength(1);
  });

  it("comes from an answer whose body breaks off", async () => {
    const cause = new TypeError("terminated");
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('[{"name":'));
        controller.error(cause);
      },
    });
    const client = createPlantStoreClient({
      ...noRetries,
      fetch: stubFetch(() => new Response(body)),
    });
    const error = (await rejectionOf(client.listPlants())) as PlantStoreConnectionError;
    expect(error).toBeInstanceOf(PlantStoreConnectionError);
    expect(error.message).toBe(
      "GET https://plants.example/v1/plants: the answer broke off: terminated",
    );
    expect(error.cause).toBe(cause);
  });
});

describe("PlantStoreError", () => {
  it("is the base of every SDK error class, each with its own name", () => {
    const timeout = new PlantStoreTimeoutError("t");
    expect(timeout).toBeInstanceOf(PlantStoreConnectionError);
    expect(timeout).toBeInstanceOf(PlantStoreError);
    expect(timeout).toBeInstanceOf(Error);
    expect(timeout.name).toBe("PlantStoreTimeoutError");
    expect(new PlantStoreError("x").name).toBe("PlantStoreError");
  });
});
