// `times` over HTTP: one rule for every value, the in-process one with JSON's spelling of
// "until cleared" (the string "Infinity"). Bodies are sent as raw JSON text, because the
// values that broke the rule (1e400, which JSON.parse reads as Infinity; null, which was once
// taken as 1) are ones JSON.stringify cannot write.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { adminCall } from "./support/admin-call.js";

const TOKEN = "admin-times-token";
const RULE = 'times must be an integer from 1 to 9007199254740991, or "Infinity".';
let server: PlantStoreServer;
let origin: string;

beforeAll(async () => {
  server = await startPlantStoreServer({ tokens: [TOKEN], seed: [], admin: true });
  origin = new URL(server.url).origin;
});
afterAll(() => server.close());
beforeEach(() => adminCall(origin, "POST", "/__admin/reset"));

async function listStatus(): Promise<number> {
  const answer = await fetch(`${server.url}/plants`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  await answer.body?.cancel();
  return answer.status;
}

/** Each endpoint and body that takes `times`, with `TIMES` where the raw value goes. */
const BODIES: [string, string, string][] = [
  ["failNext", "/__admin/faults", '{"operation":"listPlants","status":503,"times":TIMES}'],
  ["delayNext", "/__admin/faults", '{"operation":"listPlants","delayMs":0,"times":TIMES}'],
  ["breakNext", "/__admin/faults", '{"operation":"listPlants","break":"hang","times":TIMES}'],
  [
    "respondNext",
    "/__admin/responses",
    '{"operation":"listPlants","status":418,"body":{"error":418,"message":"Teapot."},"times":TIMES}',
  ],
];

describe.each(BODIES)("%s's times (POST %s)", (_, path, template) => {
  const send = (times: string) =>
    adminCall(origin, "POST", path, { rawBody: template.replace("TIMES", times) });

  it.each([
    ["0", "0"],
    ["a negative count", "-1"],
    ["a fraction", "1.5"],
    ["a count above 2^53 - 1", "9007199254740992"],
    ["1e300", "1e300"],
    ["1e400, which JSON reads as Infinity: only the string means until cleared", "1e400"],
    ["-1e400", "-1e400"],
    ["null, which once meant 1", "null"],
    ["a count as text", '"2"'],
    ["Infinity in other letters", '"infinity"'],
    ["true", "true"],
    ["an object", '{"count":2}'],
  ])("refuses %s with 400 naming times, setting nothing", async (_, times) => {
    const refused = await send(times);
    expect([refused.status, refused.body]).toEqual([400, { error: 400, message: RULE }]);
    expect(await listStatus()).toBe(200);
  });
});

describe.each<[string, string, string, number | "dropped"]>([
  ["failNext", "/__admin/faults", '{"operation":"listPlants","status":503,"times":TIMES}', 503],
  [
    "breakNext",
    "/__admin/faults",
    '{"operation":"listPlants","break":"network-error","times":TIMES}',
    "dropped",
  ],
  [
    "respondNext",
    "/__admin/responses",
    '{"operation":"listPlants","status":418,"body":{"error":418,"message":"Teapot."},"times":TIMES}',
    418,
  ],
])("%s's times (POST %s)", (_, path, template, scripted) => {
  const send = (times: string) =>
    adminCall(origin, "POST", path, { rawBody: template.replace("TIMES", times) });
  const outcome = () => listStatus().catch(() => "dropped" as const);

  it("takes 9007199254740991, the largest count, and the string Infinity", async () => {
    expect((await send("9007199254740991")).status).toBe(204);
    expect([await outcome(), await outcome()]).toEqual([scripted, scripted]);
    await adminCall(origin, "DELETE", "/__admin/faults");
    expect((await send('"Infinity"')).status).toBe(204);
    expect([await outcome(), await outcome(), await outcome()]).toEqual([
      scripted,
      scripted,
      scripted,
    ]);
  });

  it("takes 2 as two calls", async () => {
    expect((await send("2")).status).toBe(204);
    expect([await outcome(), await outcome(), await outcome()]).toEqual([scripted, scripted, 200]);
  });
});

describe("times left out", () => {
  it("is one call, as in process", async () => {
    const set = await adminCall(origin, "POST", "/__admin/faults", {
      body: { operation: "listPlants", status: 503 },
    });
    expect(set.status).toBe(204);
    expect([await listStatus(), await listStatus()]).toEqual([503, 200]);
  });
});
