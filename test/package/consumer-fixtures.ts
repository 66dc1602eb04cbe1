// Files written into the throwaway consumer project by installed-package.test.ts: what a
// user of the published package would write, in each module system.

/** Starts the bundled server, lists through the SDK, and reports what it saw (ESM). */
export const esmSmoke = `
import { createPlantStoreClient, PlantStoreApiError } from "plant-store-sdk";
import { plantStoreMatchers } from "plant-store-sdk/matchers";
import { createPlantStoreFetchHandler } from "plant-store-sdk/mock";
import { DEMO_TOKEN, startPlantStoreServer } from "plant-store-sdk/server";

const server = await startPlantStoreServer();
try {
  const client = createPlantStoreClient({ baseUrl: server.url, token: DEMO_TOKEN });
  const plants = await client.listPlants({ limit: 2 });
  const status = await createPlantStoreClient({ baseUrl: server.url, token: "nope" })
    .listPlants()
    .catch((error) => (error instanceof PlantStoreApiError ? error.status : String(error)));
  console.log(JSON.stringify({ count: plants.length, status, handler: typeof createPlantStoreFetchHandler, matcher: typeof plantStoreMatchers.toHaveReceived }));
} finally {
  await server.close();
}
`;

/** The same from CommonJS, through the .cjs builds. */
export const cjsSmoke = `
const { createPlantStoreClient, PlantStoreApiError } = require("plant-store-sdk");
const { plantStoreMatchers } = require("plant-store-sdk/matchers");
const { createPlantStoreFetchHandler } = require("plant-store-sdk/mock");
const { DEMO_TOKEN, startPlantStoreServer } = require("plant-store-sdk/server");

(async () => {
  const server = await startPlantStoreServer();
  try {
    const client = createPlantStoreClient({ baseUrl: server.url, token: DEMO_TOKEN });
    const plants = await client.listPlants({ limit: 2 });
    const status = await createPlantStoreClient({ baseUrl: server.url, token: "nope" })
      .listPlants()
      .catch((error) => (error instanceof PlantStoreApiError ? error.status : String(error)));
    console.log(JSON.stringify({ count: plants.length, status, handler: typeof createPlantStoreFetchHandler, matcher: typeof plantStoreMatchers.toHaveReceived }));
  } finally {
    await server.close();
  }
})();
`;

/** Uses the public types; the @ts-expect-error lines fail if the types degrade to `any`. */
const typedClientUsage = `
export async function addAndList(baseUrl: string): Promise<string[]> {
  const client = createPlantStoreClient({ baseUrl, token: () => "token" });
  const plant: Plant = await client.createPlant({ name: "Fern", tag: "shade" });
  // @ts-expect-error: name is required
  await client.createPlant({ tag: "no name" });
  // @ts-expect-error: limit is a number
  await client.listPlants({ limit: "2" });
  const server = await startPlantStoreServer({ port: 0 });
  // @ts-expect-error: the store has no delete
  server.store.delete();
  await server.close();
  try {
    return (await client.listPlants()).map((p) => p.name).concat(plant.name);
  } catch (error) {
    if (error instanceof PlantStoreApiError) return [String(error.status)];
    throw error;
  }
}
`;

const typedMockUsage = `
export async function mockedStatus(baseUrl: string): Promise<number> {
  const handler = createPlantStoreFetchHandler({ tokens: ["t"] });
  const response: Response = await handler(new Request(\`\${baseUrl}/plants\`));
  const { handlers, failNext } = createPlantStoreHandlers({ baseUrl });
  // @ts-expect-error: only the two operations exist
  failNext("deletePlant", { status: 503 });
  const matchers: PlantStoreMatchers<void> = { toHaveReceived() {}, toHaveReceivedTimes() {}, toHaveNoContractViolations() {} };
  // @ts-expect-error: only the two operations exist
  matchers.toHaveReceived("deletePlant");
  console.log(formatCoverageReport([]), typeof plantStoreMatchers.toHaveReceived, matchers);
  return response.status + handlers.length;
}
`;

const clientImports = `
import { createPlantStoreClient, type Plant, PlantStoreApiError } from "plant-store-sdk";
import { startPlantStoreServer } from "plant-store-sdk/server";
`;

export const esmConsumerTs = `${clientImports}
import { formatCoverageReport, plantStoreMatchers, type PlantStoreMatchers } from "plant-store-sdk/matchers";
import { createPlantStoreFetchHandler } from "plant-store-sdk/mock";
import { createPlantStoreHandlers } from "plant-store-sdk/msw";
${typedClientUsage}${typedMockUsage}`;

// ./msw is left out of the CommonJS consumer: msw's own declarations fail a CJS
// typecheck with skipLibCheck off (TS1479 inside msw), which is not ours to fix.
export const cjsConsumerCts = `${clientImports}${typedClientUsage}`;

/** tsconfig for one resolution mode, with @types/node taken from this repository. */
export function consumerTsconfig(
  resolution: "node16" | "bundler",
  typeRoot: string,
  files: string[],
): string {
  return JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      module: resolution === "node16" ? "Node16" : "ESNext",
      moduleResolution: resolution === "node16" ? "Node16" : "Bundler",
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      typeRoots: [typeRoot],
      types: ["node"],
    },
    files,
  });
}
