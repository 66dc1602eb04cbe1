// Prototype pollution through the create body, and through tokens that are the names of
// Object.prototype members. The server runs in this process, so `({}).polluted` here is
// the server's own global state.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPlantStoreServer } from "../../src/server/index.js";
import { expectStillServing } from "./support/still-serving.js";

const token = "pollution-token";
const prototypeNamedTokens = ["__proto__", "constructor", "hasOwnProperty", "toString"];
const seed = [{ name: "Seed yucca", tag: "public" }];

type Server = Awaited<ReturnType<typeof startPlantStoreServer>>;

let server: Server;

beforeAll(async () => {
  server = await startPlantStoreServer({ tokens: [token, ...prototypeNamedTokens], seed });
});

afterEach(async () => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty("polluted");
  await expectStillServing(server.url, token);
});

afterAll(async () => {
  await server?.close();
});

async function create(body: string, as = token) {
  const response = await fetch(`${server.url}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${as}`, "content-type": "application/json" },
    body,
  });
  return { status: response.status, text: await response.text() };
}

async function listAs(as: string) {
  const response = await fetch(`${server.url}/plants`, {
    headers: { authorization: `Bearer ${as}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as unknown[];
}

describe("prototype-pollution bodies", () => {
  it("__proto__ is ignored: nothing polluted, nothing echoed or stored", async () => {
    const created = await create('{"__proto__": {"polluted": 1, "tag": "evil"}, "name": "x"}');
    expect(created).toEqual({ status: 201, text: '{"name":"x"}' });
    const stored = server.store.entries().at(-1);
    expect(stored).toEqual({ id: stored?.id, name: "x", owner: token });
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
  });

  it("constructor.prototype is ignored: nothing polluted, nothing echoed", async () => {
    const created = await create(
      '{"constructor": {"prototype": {"polluted": 1}}, "name": "y", "tag": "t"}',
    );
    expect(created).toEqual({ status: 201, text: '{"name":"y","tag":"t"}' });
  });

  it("__proto__ cannot supply a missing name", async () => {
    const created = await create('{"__proto__": {"name": "from prototype"}}');
    expect(created.status).toBe(400);
    expect(JSON.parse(created.text)).toEqual({ error: 400, message: "name is required." });
  });

  it("a plant named __proto__ with tag constructor is an ordinary plant", async () => {
    const created = await create('{"name": "__proto__", "tag": "constructor"}');
    expect(created).toEqual({ status: 201, text: '{"name":"__proto__","tag":"constructor"}' });
    expect((await listAs(token)).at(-1)).toEqual({ name: "__proto__", tag: "constructor" });
  });

  it("lists never carry own __proto__ or constructor keys", async () => {
    const plants = await listAs(token);
    for (const plant of plants) {
      expect(Object.keys(plant as object).every((key) => key === "name" || key === "tag")).toBe(
        true,
      );
    }
  });
});

describe("tokens named like Object.prototype members", () => {
  it("each owns its plants, sees only the public ones plus its own", async () => {
    for (const owner of prototypeNamedTokens) {
      const created = await create(JSON.stringify({ name: `owned by ${owner}` }), owner);
      expect(created.status).toBe(201);
    }
    for (const owner of prototypeNamedTokens) {
      expect(await listAs(owner)).toEqual([...seed, { name: `owned by ${owner}` }]);
    }
  });
});
