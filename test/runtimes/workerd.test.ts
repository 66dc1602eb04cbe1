// workerd (Cloudflare Workers, through miniflare): the fetch handler as one Worker's `fetch`,
// the SDK inside another Worker calling it over the Worker's global fetch, both from dist/.
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleWorker } from "./support/bundle-worker.js";
import { repoRoot, requireDist } from "./support/dist.js";
import { expectedReport } from "./support/expected-report.js";

// The newest date this workerd knows; navigator.userAgent exists from 2022-03-21 on.
const COMPATIBILITY_DATE = "2026-04-01";
const BASE_URL = "https://plant-store.test";

let mf: Miniflare | undefined;

beforeAll(async () => {
  requireDist();
  const fixtures = `${repoRoot}/test/runtimes/fixtures`;
  mf = new Miniflare({
    workers: [
      {
        name: "client",
        modules: true,
        script: await bundleWorker(`${fixtures}/worker-client.ts`),
        compatibilityDate: COMPATIBILITY_DATE,
        outboundService: "store",
      },
      {
        name: "store",
        // Requests dispatched to this host from outside reach the store Worker.
        routes: ["plant-store.test/*"],
        modules: true,
        script: await bundleWorker(`${fixtures}/worker-store.ts`),
        compatibilityDate: COMPATIBILITY_DATE,
      },
    ],
  });
}, 30_000);

afterAll(async () => {
  await mf?.dispose();
});

function miniflare(): Miniflare {
  if (mf === undefined) throw new Error("miniflare is not running");
  return mf;
}

describe("workerd", () => {
  it("serves the store as a Worker's fetch, the SDK in a Worker gets the contract's answers, the store keeps them, generatePlants gives Node's plants for a seed", async () => {
    const response = await miniflare().dispatchFetch(`http://client.test/?baseUrl=${BASE_URL}`);
    expect(response.status).toBe(200);
    // workerd says "Cloudflare-Workers", not "Mozilla/...": the SDK sends its own User-Agent.
    expect(await response.json()).toEqual(expectedReport("Cloudflare-Workers"));
    // A later request to the store Worker, from outside, sees what the SDK created.
    const later = await miniflare().dispatchFetch(`${BASE_URL}/plants`, {
      headers: { authorization: "Bearer runtime-token" },
    });
    expect(await later.json()).toEqual([{ name: "Seed fern" }, { name: "Ivy", tag: "vine" }]);
  }, 30_000);

  it("shuts the Worker runtime down cleanly", async () => {
    const disposing = miniflare();
    mf = undefined;
    await expect(disposing.dispose()).resolves.toBeUndefined();
  }, 30_000);
});
