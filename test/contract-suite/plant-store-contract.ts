// The contract suite, written once and run against every serving path. Requests go through
// the SDK (what users do) and through raw fetch (what the SDK cannot send).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createPlantStoreClient, PlantStoreApiError } from "../../src/client/index.js";
import { type BadRequestCase, badRequestCases, type ContractRequest } from "./bad-request-cases.js";
import {
  CONTRACT_SEED,
  CONTRACT_TOKENS,
  type ContractTarget,
  inProcessStore,
  resetStore,
  SEED_VIEW,
  type StartContractTarget,
  storedPlants,
  TOKEN_A,
  TOKEN_B,
  TOKEN_C,
} from "./contract-target.js";
import { describeFaults } from "./fault-scenarios.js";

export * from "./bad-request-cases.js";
export * from "./contract-target.js";

export function sendContractRequest(target: ContractTarget, request: ContractRequest) {
  const { method, path, headers, body } = request;
  return target.fetch(`${target.baseUrl}${path}`, { method, headers, body });
}

/**
 * `inProcess: false` for a target whose store lives in another process (a container): the cases
 * that need the store's own object (its subscribers) are not its to pass.
 */
export function describePlantStoreContract(
  name: string,
  startTarget: StartContractTarget,
  { inProcess = true }: { inProcess?: boolean } = {},
): void {
  describe(`Plant Store contract: ${name}`, () => {
    let target: ContractTarget;
    const start = (createStatus: 200 | 201) =>
      startTarget({ tokens: CONTRACT_TOKENS, createStatus, seed: CONTRACT_SEED });
    const client = (token: string, on: ContractTarget = target) =>
      createPlantStoreClient({ baseUrl: on.baseUrl, token, fetch: on.fetch, retries: 0 });
    const raw = (path: string, token = TOKEN_A, init: RequestInit = {}) =>
      target.fetch(`${target.baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      });

    beforeAll(async () => {
      target = await start(201);
    });
    afterAll(async () => {
      await target?.close();
    });
    beforeEach(async () => {
      await resetStore(target);
      await target.faults?.clearFaults();
    });

    describe("listing and creating", () => {
      it("lists the seed plants to every token, oldest first, without ids", async () => {
        for (const token of CONTRACT_TOKENS) {
          expect(await client(token).listPlants()).toEqual(SEED_VIEW);
        }
        const res = await raw("/plants");
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await res.json()).toEqual(SEED_VIEW);
      });

      it("creates a plant (201, no id, unknown fields dropped) that then lists last", async () => {
        const body = JSON.stringify({ name: "Pothos", tag: "vine", id: 7, secret: "x" });
        const res = await raw("/plants", TOKEN_A, { method: "POST", body });
        expect(res.status).toBe(201);
        expect(await res.json()).toEqual({ name: "Pothos", tag: "vine" });
        expect(await client(TOKEN_A).createPlant({ name: "Aloe" })).toEqual({ name: "Aloe" });
        expect(await client(TOKEN_A).listPlants()).toEqual([
          ...SEED_VIEW,
          { name: "Pothos", tag: "vine" },
          { name: "Aloe" },
        ]);
        expect((await storedPlants(target)).slice(-2)).toEqual([
          { id: 7, name: "Pothos", tag: "vine", public: false },
          // The seed holds ids 100 and 1 (assigned), so the next free id is 2.
          { id: 2, name: "Aloe", public: false },
        ]);
      });

      it("answers 200 on create when started with createStatus 200", async () => {
        const other = await start(200);
        try {
          const res = await other.fetch(`${other.baseUrl}/plants`, {
            method: "POST",
            headers: { authorization: `Bearer ${TOKEN_B}`, "content-type": "application/json" },
            body: '{"name":"Ivy"}',
          });
          expect(res.status).toBe(200);
          expect(await res.json()).toEqual({ name: "Ivy" });
          expect(await client(TOKEN_B, other).createPlant({ name: "Moss" })).toEqual({
            name: "Moss",
          });
          expect(await storedPlants(other)).toHaveLength(CONTRACT_SEED.length + 2);
        } finally {
          await other.close();
        }
      });

      it("caps the list with limit; 0 gives []", async () => {
        const sdk = client(TOKEN_A);
        await sdk.createPlant({ name: "Mine" });
        expect(await sdk.listPlants({ limit: 1 })).toEqual([SEED_VIEW[0]]);
        expect(await sdk.listPlants({ limit: 3 })).toEqual([...SEED_VIEW, { name: "Mine" }]);
        expect(await sdk.listPlants({ limit: 2147483647 })).toHaveLength(3);
        expect(await sdk.listPlants({ limit: 0 })).toEqual([]);
        expect(await (await raw("/plants?limit=0")).json()).toEqual([]);
      });

      it("answers a CORS preflight 204 before auth, with no body and no Content-Length (RFC 9110 8.6)", async () => {
        const res = await target.fetch(`${target.baseUrl}/plants`, {
          method: "OPTIONS",
          headers: {
            origin: "https://app.example",
            "access-control-request-method": "POST",
            "access-control-request-headers": "authorization, content-type",
          },
        });
        expect(res.status).toBe(204);
        expect(res.headers.get("content-length")).toBeNull();
        expect(res.headers.get("access-control-allow-origin")).toBe("*");
        expect(res.headers.get("access-control-allow-methods")).toBe("GET, POST");
        expect(res.headers.get("access-control-allow-headers")).toBe(
          "Authorization, Content-Type, Prefer",
        );
        expect(await res.text()).toBe("");
      });

      it("never reads a URL fragment as part of the path or the query", async () => {
        expect(await (await raw("/plants#top")).json()).toEqual(SEED_VIEW);
        expect(await (await raw("/plants?limit=1#top")).json()).toEqual([SEED_VIEW[0]]);
        expect(await (await raw("/plants#?limit=abc")).json()).toEqual(SEED_VIEW);
        const res = await raw("/plants?limit=0#limit=1");
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual([]);
      });

      it("never shows one token's plants to another", async () => {
        await client(TOKEN_A).createPlant({ name: "A's plant" });
        await client(TOKEN_B).createPlant({ name: "B's plant", tag: "b" });
        expect(await client(TOKEN_A).listPlants()).toEqual([...SEED_VIEW, { name: "A's plant" }]);
        expect(await client(TOKEN_B).listPlants()).toEqual([
          ...SEED_VIEW,
          { name: "B's plant", tag: "b" },
        ]);
        expect(await client(TOKEN_C).listPlants()).toEqual(SEED_VIEW);
      });

      it("reset() brings the store back to the seed", async () => {
        await client(TOKEN_A).createPlant({ name: "Temporary", id: 5 });
        await resetStore(target);
        expect(await client(TOKEN_A).listPlants()).toEqual(SEED_VIEW);
        expect(await client(TOKEN_A).createPlant({ name: "Again", id: 5 })).toEqual({
          name: "Again",
        });
      });

      it("lands N concurrent creates exactly once each with unique ids", async () => {
        const sdk = client(TOKEN_B);
        await Promise.all(Array.from({ length: 50 }, (_, i) => sdk.createPlant({ name: `p${i}` })));
        const created = (await storedPlants(target)).filter((plant) => !plant.public);
        expect(created).toHaveLength(50);
        expect(new Set(created.map((e) => e.id)).size).toBe(50);
        expect(await sdk.listPlants()).toHaveLength(CONTRACT_SEED.length + 50);
      });

      // A store in another process has no subscribers to hand over: not its case to pass.
      if (inProcess) {
        it("answers 201 for a create a throwing subscribe() listener heard of, stored once; later listeners hear it", async () => {
          const store = inProcessStore(target);
          if (store === undefined) throw new Error(`${name} was described as in process`);
          const report = vi.spyOn(console, "error").mockImplementation(() => {});
          const heard = vi.fn();
          const unsubscribe = [
            store.subscribe(() => {
              throw new Error("a test's expect inside a listener");
            }),
            store.subscribe(heard),
          ];
          try {
            const res = await raw("/plants", TOKEN_A, { method: "POST", body: '{"name":"Heard"}' });
            expect(res.status).toBe(201);
            expect(await res.json()).toEqual({ name: "Heard" });
            expect(await client(TOKEN_A).listPlants()).toEqual([...SEED_VIEW, { name: "Heard" }]);
            expect(heard).toHaveBeenCalledTimes(1);
            expect(report).toHaveBeenCalledTimes(1);
          } finally {
            for (const off of unsubscribe) off();
            report.mockRestore();
          }
        });
      }

      it("surfaces a rejection through the SDK as PlantStoreApiError with the Error body", async () => {
        const error = await client(TOKEN_A)
          .createPlant({ name: "Clash", id: 100 })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PlantStoreApiError);
        expect(error).toMatchObject({
          status: 409,
          body: { error: 409, message: "id 100 is already in the store." },
        });
        const denied = await client("wrong-token")
          .listPlants()
          .catch((e: unknown) => e);
        expect(denied).toMatchObject({ status: 401 });
      });
    });

    describeBadInput(() => target);
    describeFaults(() => target, client);
  });
}

function describeBadInput(getTarget: () => ContractTarget): void {
  const byPath = new Map<string, BadRequestCase[]>();
  const casesFor = (target: ContractTarget) => {
    const plantsPath = `${new URL(target.baseUrl).pathname.replace(/\/$/, "")}/plants`;
    const cached = byPath.get(plantsPath);
    if (cached !== undefined) return cached;
    const cases = badRequestCases(plantsPath);
    byPath.set(plantsPath, cases);
    return cases;
  };
  // Titles do not depend on the prefix, so the list can be built before any target starts.
  describe("bad input: exact status and Error body, store unchanged", () => {
    badRequestCases("/plants").forEach(({ title }, index) => {
      it(title, async () => {
        const target = getTarget();
        const expected = casesFor(target)[index] as BadRequestCase;
        const before = await storedPlants(target);
        const res = await sendContractRequest(target, expected.request);
        expect(res.status).toBe(expected.status);
        expect(await res.json()).toEqual({ error: expected.status, message: expected.message });
        for (const [header, value] of Object.entries(expected.headers ?? {})) {
          expect(res.headers.get(header)).toBe(value);
        }
        expect(await storedPlants(target)).toEqual(before);
      });
    });
  });
}
