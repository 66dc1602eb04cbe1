// `tokens` means the same at every entry point: one rule (src/mock/http/bearer-auth.ts), the same
// error class and message from the fetch handler, the MSW handlers and the server.
import { describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { createPlantStoreHandlers } from "../../src/msw/index.js";
import { startPlantStoreServer } from "../../src/server/index.js";

const RULE = "a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty";

const entryPoints: [string, (tokens: unknown) => Promise<unknown>][] = [
  [
    "createPlantStoreFetchHandler",
    async (tokens) => createPlantStoreFetchHandler({ tokens } as never),
  ],
  [
    "createPlantStoreHandlers",
    async (tokens) => createPlantStoreHandlers({ baseUrl: "https://api.example", tokens } as never),
  ],
  ["startPlantStoreServer", (tokens) => startPlantStoreServer({ tokens } as never)],
];

const refusals: [string, unknown, typeof TypeError | typeof RangeError, string][] = [
  [
    "an empty list",
    [],
    RangeError,
    "tokens must hold at least one token; leave tokens out for the default.",
  ],
  [
    "one string instead of a list",
    "t1",
    TypeError,
    'tokens must be an array of bearer tokens, such as ["my-token"].',
  ],
  ["a token with a space", ["good", "has space"], TypeError, `tokens[1] must be ${RULE}.`],
  ["an empty token", [""], TypeError, `tokens[0] must be ${RULE}.`],
  ["a token with a CR/LF", ["t1\r\n"], TypeError, `tokens[0] must be ${RULE}.`],
  ["a non-ASCII token", ["caf\u00e9"], TypeError, `tokens[0] must be ${RULE}.`],
  ["a token that is no string", [42], TypeError, `tokens[0] must be ${RULE}.`],
  [
    "a sandbox token (psb_), which only its sandbox answers",
    ["good", "psb_mine"],
    RangeError,
    'tokens[1] must not start with "psb_": that prefix marks sandbox tokens, which only their own sandbox answers.',
  ],
];

describe.each(entryPoints)("%s", (_, create) => {
  it.each(refusals)("refuses %s", async (_, tokens, errorClass, message) => {
    const error = await create(tokens).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(errorClass);
    expect((error as Error).message).toBe(message);
  });

  it("accepts every token the rule allows", async () => {
    const made = await create(["abc.DEF-123_~+/==", "t1"]);
    expect(made).toBeTruthy();
    if (made !== undefined && typeof (made as { close?: unknown }).close === "function") {
      await (made as { close(): Promise<void> }).close();
    }
  });
});

describe("the token rule at request time", () => {
  it("without a list, accepts exactly the tokens a list may hold", async () => {
    const handle = createPlantStoreFetchHandler();
    const status = async (token: string) =>
      (
        await handle(
          new Request("http://mock.test/plants", { headers: { authorization: `Bearer ${token}` } }),
        )
      ).status;
    expect(await status("abc.DEF-123_~+/==")).toBe(200);
    expect(await status("caf\u00e9")).toBe(401);
    expect(await status("a=b")).toBe(401);
  });
});
