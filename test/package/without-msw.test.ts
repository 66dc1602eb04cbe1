// plant-store-sdk/mock in a project that never installed msw (an optional peer): the packed
// package alone, from ESM and CJS, serves the contract's answers through the fetch handler.
// Uses the dist/ that `npm test` builds first.
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsumerProject, packPackage, run } from "./packed-project.js";

// What each script prints: a list, a create, a 401 and the SDK over the handler.
const expected = {
  list: { status: 200, body: [{ name: "Fern" }] },
  create: { status: 201, body: { name: "Ivy", tag: "vine" } },
  unauthorized: {
    status: 401,
    body: { error: 401, message: "The bearer token in the Authorization header is not accepted." },
  },
  sdk: ["Fern", "Ivy"],
  mswEntry: "ERR_MODULE_NOT_FOUND",
};

const body = (importMswEntry: string) => `
const handler = createPlantStoreFetchHandler({ tokens: ["t1"], seed: [{ name: "Fern" }] });
const answer = async (request) => {
  const response = await handler(request);
  return { status: response.status, body: await response.json() };
};
const url = "http://plants.test/plants";
const auth = { authorization: "Bearer t1" };
const list = await answer(new Request(url, { headers: auth }));
const create = await answer(new Request(url, {
  method: "POST",
  headers: { ...auth, "content-type": "application/json" },
  body: JSON.stringify({ name: "Ivy", tag: "vine" }),
}));
const unauthorized = await answer(new Request(url, { headers: { authorization: "Bearer nope" } }));
const client = createPlantStoreClient({ baseUrl: "http://plants.test", token: "t1", fetch: handler });
const sdk = (await client.listPlants()).map((plant) => plant.name);
// The entry that does need msw says so plainly.
const mswEntry = await ${importMswEntry}.then(() => "loaded", (error) => error.code);
console.log(JSON.stringify({ list, create, unauthorized, sdk, mswEntry }));
`;

const esm = `
import { createPlantStoreClient } from "plant-store-sdk";
import { createPlantStoreFetchHandler } from "plant-store-sdk/mock";
${body('import("plant-store-sdk/msw")')}`;

// require() of a module that is missing reports MODULE_NOT_FOUND; the script maps it to the
// ESM code so both scripts print the same thing.
const cjs = `
const { createPlantStoreClient } = require("plant-store-sdk");
const { createPlantStoreFetchHandler } = require("plant-store-sdk/mock");
(async () => {
${body(
  `Promise.resolve().then(() => require("plant-store-sdk/msw")).catch((error) => {
    throw Object.assign(error, { code: error.code === "MODULE_NOT_FOUND" ? "ERR_MODULE_NOT_FOUND" : error.code });
  })`,
)}
})();
`;

let tarball: string;
let project: string;

beforeAll(async () => {
  tarball = await packPackage();
  project = await createConsumerProject([tarball]);
  writeFileSync(join(project, "handler.mjs"), esm);
  writeFileSync(join(project, "handler.cjs"), cjs);
}, 60_000);

afterAll(() => {
  for (const dir of [project, tarball && dirname(tarball)]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

describe("plant-store-sdk/mock without msw installed", () => {
  it("installs without msw", () => {
    expect(existsSync(join(project, "node_modules/plant-store-sdk"))).toBe(true);
    expect(existsSync(join(project, "node_modules/msw"))).toBe(false);
  });

  it.each(["handler.mjs", "handler.cjs"])(
    "serves the contract's answers through the fetch handler from %s",
    async (script) => {
      const { stdout } = await run(process.execPath, [script], { cwd: project });
      expect(JSON.parse(stdout)).toEqual(expected);
    },
  );
});
