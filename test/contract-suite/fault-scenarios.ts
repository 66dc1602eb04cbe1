// The scenario helpers (failNext, delayNext, clearFaults) seen from a client.
import { describe, expect, it } from "vitest";
import type { createPlantStoreClient } from "../../src/client/index.js";
import { type ContractTarget, storedPlants, TOKEN_A } from "./contract-target.js";

type Client = ReturnType<typeof createPlantStoreClient>;

function faultsOf(target: ContractTarget) {
  if (target.faults === undefined) {
    throw new Error("This contract target does not expose failNext/delayNext/clearFaults.");
  }
  return target.faults;
}

export function describeFaults(
  getTarget: () => ContractTarget,
  client: (token: string) => Client,
): void {
  describe("fault scenarios", () => {
    const list = (target: ContractTarget) =>
      target.fetch(`${target.baseUrl}/plants`, { headers: { authorization: `Bearer ${TOKEN_A}` } });

    it("failNext makes the next call(s) answer the given status, message and headers", async () => {
      const target = getTarget();
      await faultsOf(target).failNext("listPlants", {
        status: 503,
        message: "The store is resting.",
        times: 2,
        headers: { "Retry-After": "3" },
      });
      for (let i = 0; i < 2; i++) {
        const res = await list(target);
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("3");
        expect(await res.json()).toEqual({ error: 503, message: "The store is resting." });
      }
      expect((await list(target)).status).toBe(200);
    });

    it("a failed create reaches the SDK as an API error and stores nothing", async () => {
      const target = getTarget();
      await faultsOf(target).failNext("createPlant", { status: 500 });
      const before = await storedPlants(target);
      const error = await client(TOKEN_A)
        .createPlant({ name: "Lost" })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        status: 500,
        body: {
          error: 500,
          message: "createPlant failed with status 500 (simulated by failNext).",
        },
      });
      expect(await storedPlants(target)).toEqual(before);
      expect(await client(TOKEN_A).createPlant({ name: "Kept" })).toEqual({ name: "Kept" });
    });

    it("delayNext holds one answer back while later requests are answered", async () => {
      const target = getTarget();
      await faultsOf(target).delayNext("listPlants", 300);
      const finished: string[] = [];
      const slow = list(target).then((res) => {
        finished.push("delayed list");
        return res;
      });
      await client(TOKEN_A).createPlant({ name: "Quick" });
      finished.push("create");
      expect((await slow).status).toBe(200);
      expect(finished).toEqual(["create", "delayed list"]);
    });

    it("clearFaults drops pending scenarios", async () => {
      const target = getTarget();
      await faultsOf(target).failNext("listPlants", {
        status: 500,
        times: Number.POSITIVE_INFINITY,
      });
      await faultsOf(target).clearFaults();
      expect((await list(target)).status).toBe(200);
    });
  });
}
