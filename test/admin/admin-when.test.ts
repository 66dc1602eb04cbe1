// The admin client's `when`: checked before sending by the rule the in-process verbs use, with
// their messages. JSON writes a URLSearchParams, a Map, a Set as `{}` and leaves a Symbol or a
// function out, so a `when` sent as it was given would have matched every request; refused
// here, nothing is sent. Only the top-level sentence differs from the in-process one: a
// function of the request, which the in-process verbs also take, cannot be sent.
import { describe, expect, it } from "vitest";
import { createPlantStoreAdmin, type PlantStoreAdmin } from "../../src/admin/index.js";
import { createPlantStoreFetchHandler, type PlantStoreOperation } from "../../src/mock/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";

const VERBS = ["failNext", "respondNext", "delayNext", "breakNext", "chaos"] as const;
type Verb = (typeof VERBS)[number];

/** The two ways of setting a scenario with a `when`, in process and through the admin client. */
interface Scripting {
  failNext(operation: PlantStoreOperation, options: object): unknown;
  respondNext(operation: PlantStoreOperation, answer: object): unknown;
  delayNext(operation: PlantStoreOperation, ms: number, options: object): unknown;
  breakNext(operation: PlantStoreOperation, kind: "hang", options: object): unknown;
  chaos(options: object): unknown;
}

/** `verb` of `world` for `operation`, with `when`, everything else valid. */
function set(world: Scripting, verb: Verb, operation: PlantStoreOperation, when: unknown) {
  switch (verb) {
    case "failNext":
      return world.failNext(operation, { status: 503, when });
    case "respondNext":
      return world.respondNext(
        operation,
        operation === "listPlants"
          ? { status: 200, body: [], when }
          : { status: 201, body: { name: "Ivy" }, when },
      );
    case "delayNext":
      return world.delayNext(operation, 10, { when });
    case "breakNext":
      return world.breakNext(operation, "hang", { when });
    case "chaos":
      return world.chaos({ rate: 1, seed: 1, failures: ["hang"], operations: [operation], when });
  }
}

/** An admin client whose fetch records what would be sent and sends nothing. */
function recordingAdmin() {
  const sent: string[] = [];
  const admin = createPlantStoreAdmin({
    baseUrl: "http://127.0.0.1:4010",
    fetch: async (input) => {
      sent.push(String(input));
      return new Response(null, { status: 204 });
    },
  });
  return { admin, sent };
}

const EXAMPLE = 'an object such as { body: { name: "Ivy" } } or { query: { limit: 2 } }';

describe.each(VERBS)("%s", (verb) => {
  it.each<[string, PlantStoreOperation, unknown]>([
    ["a URLSearchParams", "listPlants", new URLSearchParams({ limit: "2" })],
    ["a Map", "createPlant", new Map([["body", { name: "Ivy" }]])],
    ["a Set", "createPlant", new Set(["Ivy"])],
    ["a Date", "createPlant", new Date(0)],
    ["a string", "listPlants", "limit=2"],
    ["null", "listPlants", null],
    ["a function of the request, which JSON drops", "createPlant", () => true],
  ])("refuses %s as when, before sending", async (_, operation, when) => {
    const { admin, sent } = recordingAdmin();
    await expect(set(admin as PlantStoreAdmin & Scripting, verb, operation, when)).rejects.toThrow(
      new TypeError(`${verb}: when must be ${EXAMPLE}.`),
    );
    await expect(
      set(admin as PlantStoreAdmin & Scripting, verb, operation, when),
    ).rejects.toBeInstanceOf(TypeError);
    expect(sent).toEqual([]);
    // In process the same `when` is refused by the same check; there a function is allowed.
    if (typeof when !== "function") {
      const handler = createPlantStoreFetchHandler() as unknown as Scripting;
      expect(() => set(handler, verb, operation, when)).toThrow(
        new TypeError(`${verb}: when must be ${EXAMPLE}, or a function of the request.`),
      );
    }
  });

  it.each<[string, PlantStoreOperation, unknown, typeof TypeError | typeof RangeError, string]>([
    [
      "a URLSearchParams as the query",
      "listPlants",
      { query: new URLSearchParams({ limit: "2" }) },
      TypeError,
      "when.query must be an object of the fields to match.",
    ],
    [
      "a Map as the body",
      "createPlant",
      { body: new Map([["name", "Ivy"]]) },
      TypeError,
      "when.body must be an object of the fields to match.",
    ],
    [
      "a Symbol as the name, which JSON leaves out",
      "createPlant",
      { body: { name: Symbol("Ivy") } },
      TypeError,
      "when.body.name must be a non-empty string.",
    ],
    [
      "a Date as the name, which JSON writes as text",
      "createPlant",
      { body: { name: new Date(0) } },
      TypeError,
      "when.body.name must be a non-empty string.",
    ],
    [
      "a Symbol as the limit",
      "listPlants",
      { query: { limit: Symbol("2") } },
      TypeError,
      "when.query.limit must be an integer from 0 to 2147483647.",
    ],
    [
      "NaN as the limit, which JSON writes as null",
      "listPlants",
      { query: { limit: Number.NaN } },
      RangeError,
      "when.query.limit must be an integer from 0 to 2147483647.",
    ],
    [
      "a BigInt as the id",
      "createPlant",
      { body: { id: 7n } },
      TypeError,
      "when.body.id must be an integer from 1 to 9007199254740991.",
    ],
    [
      "a field the request does not have",
      "createPlant",
      { body: { colour: "red" } },
      TypeError,
      'when names "body.colour", which a createPlant request does not have; when may name body.name, body.tag, body.id.',
    ],
  ])("refuses %s, before sending, as in process", async (_, operation, when, type, message) => {
    const { admin, sent } = recordingAdmin();
    await expect(set(admin as PlantStoreAdmin & Scripting, verb, operation, when)).rejects.toThrow(
      new type(`${verb}: ${message}`),
    );
    await expect(
      set(admin as PlantStoreAdmin & Scripting, verb, operation, when),
    ).rejects.toBeInstanceOf(type);
    expect(sent).toEqual([]);
    const handler = createPlantStoreFetchHandler() as unknown as Scripting;
    expect(() => set(handler, verb, operation, when)).toThrow(new type(`${verb}: ${message}`));
  });
});

describe("a when the client takes", () => {
  let server: PlantStoreServer;
  const TOKEN = "admin-when-token";

  const create = async (name: string) =>
    (
      await fetch(`${server.url}/plants`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ name }),
      })
    ).status;

  it("reaches the server as the checked copy: for the matching requests only", async () => {
    server = await startPlantStoreServer({ tokens: [TOKEN], seed: [], admin: true });
    try {
      const admin = createPlantStoreAdmin({ baseUrl: server.url });
      const when = { body: { name: "Ivy", tag: undefined } };
      await admin.failNext("createPlant", { status: 409, times: Infinity, when });
      when.body.name = "Fern";
      expect([await create("Fern"), await create("Ivy"), await create("Ivy")]).toEqual([
        201, 409, 409,
      ]);
    } finally {
      await server.close();
    }
  });

  it("for an operation the server does not know, is left to the server, which names the operation", async () => {
    const sent: unknown[] = [];
    const admin = createPlantStoreAdmin({
      baseUrl: "http://127.0.0.1:4010",
      fetch: async (_, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(null, { status: 204 });
      },
    });
    await admin.failNext("deletePlant" as never, { when: { body: { name: "Ivy" } } as never });
    expect(sent).toEqual([{ operation: "deletePlant", when: { body: { name: "Ivy" } } }]);
  });
});
