// The candidates of benchmark 2 (bench/sdk-overhead.ts): each HTTP client calling through a
// stub `fetch` that answers at once and builds a fresh Response per call like a real fetch.
// Each runs in a process of its own (bench/lib/per-call-processes.ts), so it is imported there.
import { pathToFileURL } from "node:url";
import axios from "axios";
import createClient from "openapi-fetch";
import type * as Sdk from "../src/client/index.js";
import type { paths } from "../src/client/types.js";
import {
  AUTHORIZATION,
  BENCH_TOKEN,
  NEW_PLANT,
  NEW_PLANT_JSON,
  TEN_PLANTS_JSON,
} from "./lib/fixtures.js";
import type { Candidate } from "./lib/per-call.js";

const BASE_URL = "http://plant-store.test";
const jsonHeaders = { "content-type": "application/json" };
const listFetch = async (_input: RequestInfo | URL, _init?: RequestInit) =>
  new Response(TEN_PLANTS_JSON, { status: 200, headers: jsonHeaders });
const createFetch = async (_input: RequestInfo | URL, _init?: RequestInit) =>
  new Response(NEW_PLANT_JSON, { status: 201, headers: jsonHeaders });

export const BASELINE = "bare openapi-fetch";
export const WITH_TIMEOUT = "bare openapi-fetch + timeout";
export const OURS = "createPlantStoreClient";
/** The SDK without a time limit: no signal on the Request, so it shows the SDK's own work. */
export const OURS_NO_TIMEOUT = "createPlantStoreClient, timeout: Infinity";
const TIMEOUT_MS = 30_000;

/**
 * What bare openapi-fetch costs once it gets the one thing our client adds that cannot be
 * free: a time limit per request (a fresh AbortController and timer per call, passed the way
 * openapi-fetch's docs show). It puts the SDK's figure in proportion.
 */
async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

export interface SdkCandidateOptions {
  operation: "list" | "create";
  /** The SDK bundled as tsup builds it (bench/lib/node-bundle.ts). */
  sdkBundle: string;
}

/** The clients compared in table 2, each calling through the same stub fetch. */
export async function candidates({
  operation,
  sdkBundle,
}: SdkCandidateOptions): Promise<Candidate[]> {
  const { createPlantStoreClient }: typeof Sdk = await import(pathToFileURL(sdkBundle).href);
  const stub = operation === "list" ? listFetch : createFetch;
  const openapiFetch = createClient<paths>({
    baseUrl: BASE_URL,
    fetch: stub,
    headers: { authorization: AUTHORIZATION },
  });
  const ours = createPlantStoreClient({ baseUrl: BASE_URL, token: BENCH_TOKEN, fetch: stub });
  const oursNoTimeout = createPlantStoreClient({
    baseUrl: BASE_URL,
    token: BENCH_TOKEN,
    fetch: stub,
    timeout: Infinity,
  });
  const axiosClient = axios.create({
    baseURL: BASE_URL,
    adapter: "fetch",
    env: { fetch: stub },
    headers: { authorization: AUTHORIZATION },
  });
  if (operation === "list") {
    return [
      {
        name: "raw fetch + res.json()",
        call: async () =>
          (
            await stub(`${BASE_URL}/plants?limit=10`, { headers: { authorization: AUTHORIZATION } })
          ).json(),
      },
      {
        name: BASELINE,
        call: () => openapiFetch.GET("/plants", { params: { query: { limit: 10 } } }),
      },
      {
        name: WITH_TIMEOUT,
        call: () =>
          withTimeout((signal) =>
            openapiFetch.GET("/plants", { params: { query: { limit: 10 } }, signal }),
          ),
      },
      { name: OURS, call: () => ours.listPlants({ limit: 10 }) },
      { name: OURS_NO_TIMEOUT, call: () => oursNoTimeout.listPlants({ limit: 10 }) },
      {
        name: "axios (fetch adapter)",
        call: () => axiosClient.get("/plants", { params: { limit: 10 } }),
      },
    ];
  }
  return [
    {
      name: "raw fetch + res.json()",
      call: async () =>
        (
          await stub(`${BASE_URL}/plants`, {
            method: "POST",
            headers: { authorization: AUTHORIZATION, "content-type": "application/json" },
            body: JSON.stringify(NEW_PLANT),
          })
        ).json(),
    },
    { name: BASELINE, call: () => openapiFetch.POST("/plants", { body: NEW_PLANT }) },
    {
      name: WITH_TIMEOUT,
      call: () =>
        withTimeout((signal) => openapiFetch.POST("/plants", { body: NEW_PLANT, signal })),
    },
    { name: OURS, call: () => ours.createPlant(NEW_PLANT) },
    { name: OURS_NO_TIMEOUT, call: () => oursNoTimeout.createPlant(NEW_PLANT) },
    { name: "axios (fetch adapter)", call: () => axiosClient.post("/plants", NEW_PLANT) },
  ];
}
