// A consumer compiled with `exactOptionalPropertyTypes` (see tsconfig.json here) that forwards
// values it may not have: the docs promise that leaving an option out and passing `undefined`
// are the same, so every optional field a user may forward takes `undefined`.
import { createPlantStoreClient, type PlantStoreApiError } from "plant-store-sdk";
import { createPlantStoreAdmin } from "plant-store-sdk/admin";
import {
  createLandingPage,
  createPlantStore,
  createPlantStoreFetchHandler,
  type ErrorStatus,
  generatePlants,
} from "plant-store-sdk/mock";
import { createPlantStoreHandlers } from "plant-store-sdk/msw";
import { startPlantStoreServer } from "plant-store-sdk/server";

/** What an app reads from its environment or its own options: maybe there, maybe not. */
declare const maybe: {
  string: string | undefined;
  number: number | undefined;
  boolean: boolean | undefined;
  tokens: string[] | undefined;
  signal: AbortSignal | undefined;
  headers: HeadersInit | undefined;
  errorStatus: ErrorStatus | undefined;
};

export async function forwardEverything(): Promise<void> {
  const client = createPlantStoreClient({
    baseUrl: "https://plants.example",
    token: "t",
    fetch: undefined,
    headers: maybe.headers,
    timeout: maybe.number,
    retries: { limit: maybe.number, createPlant: maybe.boolean, maxDelay: maybe.number },
  });
  createPlantStoreClient({ baseUrl: "https://plants.example", token: "t", retries: undefined });
  await client.listPlants({ limit: maybe.number }, { signal: maybe.signal, retry: maybe.boolean });
  await client.createPlant({ name: "Fern", tag: maybe.string, id: maybe.number });
  const error = {} as PlantStoreApiError;
  const message: string | undefined = error.body?.message;

  const store = createPlantStore({ seed: [{ name: "Fern", tag: maybe.string, id: maybe.number }] });
  const handler = createPlantStoreFetchHandler({
    store,
    tokens: maybe.tokens,
    createStatus: undefined,
    basePath: maybe.string,
    maxBodyBytes: maybe.number,
    corsOrigin: maybe.string,
    admin: { token: maybe.string },
    landingPage: createLandingPage({ demoToken: maybe.string }),
  });
  handler.failNext("createPlant", {
    status: maybe.errorStatus,
    message: maybe.string,
    times: maybe.number,
    headers: undefined,
  });
  handler.delayNext("listPlants", 10, { times: maybe.number });
  handler.respondNext("listPlants", { status: 200, body: [], times: maybe.number });
  handler.respondNext("createPlant", {
    status: 201,
    body: { name: "Fern", tag: maybe.string },
    headers: undefined,
  });
  handler.chaos({ rate: 0.1, seed: 1, failures: [{ status: 503, message: maybe.string }] });
  handler.chaos({ rate: 0.1, seed: 1, failures: ["hang"], operations: undefined });
  handler.failNext("createPlant", { when: { body: { name: "Fern", tag: maybe.string } } });
  handler.breakNext("listPlants", "hang", { when: { query: { limit: maybe.number } } });
  handler.chaos({ rate: 1, seed: 1, failures: ["hang"], when: undefined });
  handler.respondWith("createPlant", (request) => ({
    status: 201,
    body: { name: request.body?.name ?? "Fern", tag: request.body?.tag },
    headers: undefined,
  }));
  createPlantStore({ seed: generatePlants(maybe.number ?? 10, { seed: maybe.number }) });
  createPlantStoreHandlers({
    baseUrl: "https://plants.example",
    tokens: maybe.tokens,
    answerUnknownPaths: maybe.boolean,
  });

  const server = await startPlantStoreServer({
    port: maybe.number,
    host: maybe.string,
    tokens: maybe.tokens,
    dataFile: maybe.string,
    logRequests: maybe.boolean,
    requestTimeout: maybe.number,
    admin: maybe.boolean,
    landingPage: maybe.boolean,
  });
  const admin = createPlantStoreAdmin({
    baseUrl: server.url,
    token: maybe.string,
    fetch: undefined,
  });
  await admin.failNext("listPlants", { status: 503, message: maybe.string, times: maybe.number });
  await admin.delayNext("listPlants", 10, { times: maybe.number, when: undefined });
  await admin.failNext("createPlant", { when: { body: { name: "Fern", id: maybe.number } } });
  await admin.respondNext("listPlants", { status: 200, body: [], times: maybe.number });
  await admin.chaos({ rate: 0.1, seed: 1, failures: ["hang"], operations: undefined });
  await admin.load([{ name: "Fern", tag: maybe.string, id: maybe.number }]);
  await server.close();
  void message;
}
