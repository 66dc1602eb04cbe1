// Calls that share one long-lived AbortSignal (an app-wide one) leave nothing on it once
// they end, and never pile listeners on it while they wait.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPlantStoreClient } from "../../src/client/index.js";
import { apiError, stubFetch } from "./stub-fetch.js";

const baseUrl = "https://plants.example";

afterEach(() => {
  vi.useRealTimers();
});

describe("one signal shared by many calls", () => {
  it("keeps the heap flat over 30,000 finished calls (retained heap after GC)", async () => {
    const script = fileURLToPath(new URL("./fixtures/shared-signal-heap.ts", import.meta.url));
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    const { retained } = JSON.parse(output) as { retained: number };
    // A listener left per call kept about 3 KB each (90 MB); flat is a few MB of noise.
    expect(retained).toBeLessThan(8 * 1024 * 1024);
  }, 120_000);

  it("adds no listener per call: 12 calls waiting for a retry raise no MaxListenersExceededWarning", async () => {
    vi.useFakeTimers();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const client = createPlantStoreClient({
        baseUrl,
        token: "t",
        fetch: stubFetch(apiError(503, "busy", { "Retry-After": "60" })),
      });
      const controller = new AbortController();
      const calls = Array.from({ length: 12 }, () =>
        client.listPlants({}, { signal: controller.signal }).catch((error: unknown) => error),
      );
      // Every call has had its first answer and now waits the minute Retry-After asks for.
      await vi.advanceTimersByTimeAsync(1_000);
      await new Promise((resolve) => process.nextTick(resolve));
      controller.abort(new Error("app shutting down"));
      const outcomes = await Promise.all(calls);
      expect(outcomes.map((error) => (error as Error).message)).toEqual(
        Array(12).fill("app shutting down"),
      );
      expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("adds no listener per call: 12 calls in flight raise no MaxListenersExceededWarning", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const fetch = stubFetch("hang");
      const client = createPlantStoreClient({ baseUrl, token: "t", fetch });
      const controller = new AbortController();
      const calls = Array.from({ length: 12 }, () =>
        client.listPlants({}, { signal: controller.signal }).catch((error: unknown) => error),
      );
      while (fetch.requests.length < 12) await new Promise((resolve) => setTimeout(resolve, 1));
      controller.abort(new Error("app shutting down"));
      await Promise.all(calls);
      await new Promise((resolve) => process.nextTick(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
      // Each request was cancelled with the caller's reason.
      expect(fetch.requests.every((request) => request.signal.aborted)).toBe(true);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
