// What fixtures/sdk-scenario.ts must report in every runtime: the contract's answers, seen
// through the SDK, with the store keeping state between calls.
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { generatePlants } from "../../../src/mock/index.js";
import { GENERATED } from "../fixtures/generated.js";

const { version } = JSON.parse(
  readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
) as { version: string };

/** The SDK's User-Agent outside browsers: every request the server saw carries it. */
export const SDK_USER_AGENT = `plant-store-sdk/${version}`;

export function expectedReport(runtimeUserAgent: string | RegExp) {
  return {
    first: [{ name: "Seed fern" }],
    created: { name: "Ivy", tag: "vine" },
    conflict: { status: 409, body: { error: 409, message: "id 7 is already in the store." } },
    unauthorized: {
      status: 401,
      body: {
        error: 401,
        message: "The bearer token in the Authorization header is not accepted.",
      },
    },
    later: [{ name: "Seed fern" }, { name: "Ivy", tag: "vine" }],
    sdkVersion: version,
    runtimeUserAgent:
      typeof runtimeUserAgent === "string"
        ? runtimeUserAgent
        : expect.stringMatching(runtimeUserAgent),
    userAgents: Array(5).fill(SDK_USER_AGENT),
    // The same seed gives the same plants in this runtime as in Node.
    generated: generatePlants(GENERATED.count, { seed: GENERATED.seed }),
  };
}
