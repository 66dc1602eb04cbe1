// Every option of the handler factories is checked at creation: a value they cannot serve
// throws a TypeError or RangeError naming it, instead of a handler that fails every request.
import { describe, expect, it } from "vitest";
import { createPlantStoreClient } from "../../src/client/index.js";
import {
  createPlantStore,
  createPlantStoreFetchHandler,
  type PlantStoreFetchHandlerOptions,
} from "../../src/mock/index.js";
import { createPlantStoreHandlers, type PlantStoreMswOptions } from "../../src/msw/index.js";

const AUTH = { authorization: "Bearer t1" };
const BASE_PATH_RULE =
  'basePath must be a plain path such as "/v1": ASCII letters, digits and - . _ ~ ! $ & \' ( ) * + , ; = : @ between single slashes, no "." or ".." segment, no ?, # or %.';
const ORIGIN_RULE =
  'corsOrigin must be "*" or an origin such as "https://app.example" (scheme, host and port, nothing else)';
const BASE_URL_RULE =
  "baseUrl must be an absolute http(s) URL without query, fragment or credentials";

type Refusal = [string, unknown, typeof TypeError | typeof RangeError, string];

const refusals: Refusal[] = [
  ["options that are no object", "tokens", TypeError, "options must be an object."],
  [
    "a misspelt option",
    { token: ["t1"] },
    TypeError,
    'Unknown option "token"; the options are store, seed, tokens, createStatus, maxBodyBytes, corsOrigin, maxSandboxes, sandboxIdleMs, basePath, admin, landingPage.',
  ],
  [
    "a corsOrigin with CR/LF",
    { corsOrigin: "https://a.example\r\nX-Evil: 1" },
    TypeError,
    `${ORIGIN_RULE}.`,
  ],
  [
    "a corsOrigin with a path",
    { corsOrigin: "https://a.example/app" },
    TypeError,
    `${ORIGIN_RULE}; did you mean "https://a.example"?`,
  ],
  [
    "a corsOrigin no browser sends",
    { corsOrigin: "https://App.Example:443/" },
    TypeError,
    `${ORIGIN_RULE}; did you mean "https://app.example"?`,
  ],
  ["a corsOrigin that is no URL", { corsOrigin: "app.example" }, TypeError, `${ORIGIN_RULE}.`],
  ["a corsOrigin with port 0", { corsOrigin: "http://a:0" }, TypeError, `${ORIGIN_RULE}.`],
  ["a corsOrigin with a ws: scheme", { corsOrigin: "ws://a" }, TypeError, `${ORIGIN_RULE}.`],
  ["a corsOrigin with a wss: scheme", { corsOrigin: "wss://a:8443" }, TypeError, `${ORIGIN_RULE}.`],
  ["an empty corsOrigin", { corsOrigin: "" }, TypeError, `${ORIGIN_RULE}.`],
  [
    "a corsOrigin that is no string",
    { corsOrigin: ["*"] },
    TypeError,
    'corsOrigin must be "*", an origin such as "https://app.example", or null.',
  ],
  ["a basePath with a query", { basePath: "/v1?x=1" }, TypeError, BASE_PATH_RULE],
  ["a basePath with a fragment", { basePath: "/v1#top" }, TypeError, BASE_PATH_RULE],
  ["a non-ASCII basePath", { basePath: "/caf\u00e9" }, TypeError, BASE_PATH_RULE],
  ["a percent-encoded basePath", { basePath: "/v%31" }, TypeError, BASE_PATH_RULE],
  ["a basePath with ..", { basePath: "/a/../v1" }, TypeError, BASE_PATH_RULE],
  ["a basePath with an empty segment", { basePath: "//v1" }, TypeError, BASE_PATH_RULE],
  ["a basePath of two slashes", { basePath: "//" }, TypeError, BASE_PATH_RULE],
  ["a basePath ending in two slashes", { basePath: "/v1//" }, TypeError, BASE_PATH_RULE],
  ["a basePath with a space", { basePath: "/v 1" }, TypeError, BASE_PATH_RULE],
  [
    "a basePath that is no string",
    { basePath: 1 },
    TypeError,
    'basePath must be a string such as "/v1".',
  ],
  ["a createStatus string", { createStatus: "201" }, TypeError, "createStatus must be 200 or 201."],
  ["a createStatus of 204", { createStatus: 204 }, RangeError, "createStatus must be 200 or 201."],
  [
    "a maxBodyBytes string",
    { maxBodyBytes: "1024" },
    TypeError,
    "maxBodyBytes must be a whole number of bytes, 1 or more.",
  ],
  [
    "a fractional maxBodyBytes",
    { maxBodyBytes: 1.5 },
    RangeError,
    "maxBodyBytes must be a whole number of bytes, 1 or more.",
  ],
  [
    "a seed that is no array",
    { seed: { name: "Aloe" } },
    TypeError,
    'seed must be an array of plants, such as [{ name: "Aloe" }].',
  ],
  [
    "a seed plant without name",
    { seed: [{ tag: "x" }] },
    TypeError,
    "seed[0]: name must be a non-empty string.",
  ],
  [
    "a store without the PlantStore methods",
    { store: { list: () => [] } },
    TypeError,
    "store must be a PlantStore: it has no create() method.",
  ],
  [
    "a store that is no object",
    { store: "memory" },
    TypeError,
    "store must be a PlantStore, as createPlantStore() returns.",
  ],
  [
    "a store and a seed",
    { store: createPlantStore(), seed: [] },
    TypeError,
    "Give store or seed, not both: seed only fills a store created for you.",
  ],
  // null never means "the default" (leave the option out for that); only corsOrigin gives it
  // a meaning of its own.
  [
    "tokens of null",
    { tokens: null },
    TypeError,
    'tokens must be an array of bearer tokens, such as ["my-token"].',
  ],
  [
    "a seed of null",
    { seed: null },
    TypeError,
    'seed must be an array of plants, such as [{ name: "Aloe" }].',
  ],
  [
    "a store of null",
    { store: null },
    TypeError,
    "store must be a PlantStore, as createPlantStore() returns.",
  ],
  ["a createStatus of null", { createStatus: null }, TypeError, "createStatus must be 200 or 201."],
  [
    "a maxBodyBytes of null",
    { maxBodyBytes: null },
    TypeError,
    "maxBodyBytes must be a whole number of bytes, 1 or more.",
  ],
  ["a basePath of null", { basePath: null }, TypeError, 'basePath must be a string such as "/v1".'],
];

describe("createPlantStoreFetchHandler refuses at creation", () => {
  it.each(refusals)("%s", (_, options, errorClass, message) => {
    const create = () => createPlantStoreFetchHandler(options as PlantStoreFetchHandlerOptions);
    expect(create).toThrow(errorClass);
    expect(create).toThrow(new errorClass(message));
  });
});

describe("createPlantStoreHandlers refuses at creation", () => {
  const base = "https://api.example";
  it.each(
    refusals.filter(([what]) =>
      /corsOrigin|createStatus|maxBodyBytes|seed|store|tokens/.test(what),
    ),
  )("%s", (_, options, errorClass, message) => {
    const create = () =>
      createPlantStoreHandlers({
        baseUrl: base,
        ...(options as object),
      } as PlantStoreMswOptions);
    expect(create).toThrow(errorClass);
    expect(create).toThrow(new errorClass(message));
  });

  it.each([
    ["no options", undefined, "options must be an object."],
    ["no baseUrl", {}, BASE_URL_RULE],
    ["a relative baseUrl", { baseUrl: "/v1" }, BASE_URL_RULE],
    ["a baseUrl with a query", { baseUrl: `${base}/v1?key=1` }, BASE_URL_RULE],
    ["a baseUrl with a fragment", { baseUrl: `${base}/v1#x` }, BASE_URL_RULE],
    ["a baseUrl with credentials", { baseUrl: "https://user:pw@api.example" }, BASE_URL_RULE],
    ["a baseUrl that is not http(s)", { baseUrl: "ftp://api.example" }, BASE_URL_RULE],
    ["a baseUrl of null", { baseUrl: null }, BASE_URL_RULE],
    [
      "a baseUrl ending in two slashes",
      { baseUrl: `${base}/v1//` },
      BASE_PATH_RULE.replace("basePath", "baseUrl's path"),
    ],
    [
      "a baseUrl whose path is two slashes",
      { baseUrl: `${base}//` },
      BASE_PATH_RULE.replace("basePath", "baseUrl's path"),
    ],
    [
      "answerUnknownPaths of null",
      { baseUrl: base, answerUnknownPaths: null },
      "answerUnknownPaths must be true or false.",
    ],
    [
      "a baseUrl with a non-ASCII path",
      { baseUrl: `${base}/caf\u00e9` },
      BASE_PATH_RULE.replace("basePath", "baseUrl's path"),
    ],
    [
      "a misspelt option",
      { baseURL: base },
      'Unknown option "baseURL"; the options are baseUrl, answerUnknownPaths, store, seed, tokens, createStatus, maxBodyBytes, corsOrigin, maxSandboxes, sandboxIdleMs.',
    ],
    [
      "basePath, which belongs to the fetch handler",
      { baseUrl: base, basePath: "/v1" },
      'Unknown option "basePath"; the options are baseUrl, answerUnknownPaths, store, seed, tokens, createStatus, maxBodyBytes, corsOrigin, maxSandboxes, sandboxIdleMs.',
    ],
  ])("%s", (_, options, message) => {
    const create = () => createPlantStoreHandlers(options as PlantStoreMswOptions);
    expect(create).toThrow(TypeError);
    expect(create).toThrow(new TypeError(message));
  });
});

describe("options the handlers accept", () => {
  it("serves any origin a browser sends, including app schemes, and CORS off with null", async () => {
    for (const corsOrigin of ["*", "http://localhost:5173", "capacitor://localhost"]) {
      const handle = createPlantStoreFetchHandler({ corsOrigin });
      const res = await handle(new Request("http://mock.test/plants", { headers: AUTH }));
      expect(res.headers.get("access-control-allow-origin")).toBe(corsOrigin);
    }
    const off = createPlantStoreFetchHandler({ corsOrigin: null });
    const res = await off(new Request("http://mock.test/plants", { headers: AUTH }));
    expect(res.headers.has("access-control-allow-origin")).toBe(false);
  });

  it('reads "/" and one trailing slash as written without it', async () => {
    for (const [basePath, path] of [
      ["/", "/plants"],
      ["/v1/", "/v1/plants"],
      ["v1/", "/v1/plants"],
    ]) {
      const handle = createPlantStoreFetchHandler({ basePath });
      const res = await handle(new Request(`http://mock.test${path}`, { headers: AUTH }));
      expect(res.status).toBe(200);
    }
  });

  it("serves a basePath made of every plain path character", async () => {
    const basePath = "/api/v1.0/~team-a_b/x!$&'()*+,;=:@";
    const handle = createPlantStoreFetchHandler({ basePath });
    const res = await handle(new Request(`http://mock.test${basePath}/plants`, { headers: AUTH }));
    expect(res.status).toBe(200);
  });
});

/** `options` behind a Proxy that counts how often each option is read. */
function countingReads<T extends object>(options: T): { options: T; reads: Map<string, number> } {
  const reads = new Map<string, number>();
  const proxy = new Proxy(options, {
    get(target, key, receiver) {
      if (typeof key === "string") reads.set(key, (reads.get(key) ?? 0) + 1);
      return Reflect.get(target, key, receiver);
    },
  });
  return { options: proxy, reads };
}

// A getter (or a Proxy) must not hand the check one value and the handler another.
describe("each option is read once, where it enters", () => {
  const mockOptions = {
    seed: [{ name: "Aloe" }],
    tokens: ["t1"],
    createStatus: 201,
    maxBodyBytes: 1_000,
    corsOrigin: "*",
    maxSandboxes: 10,
    sandboxIdleMs: 60_000,
  } as const;

  it("createPlantStoreFetchHandler", () => {
    const { options, reads } = countingReads<PlantStoreFetchHandlerOptions>({
      ...mockOptions,
      basePath: "/v1",
      admin: true,
    });
    createPlantStoreFetchHandler(options);
    expect(Object.fromEntries(reads)).toEqual({
      seed: 1,
      tokens: 1,
      createStatus: 1,
      maxBodyBytes: 1,
      corsOrigin: 1,
      basePath: 1,
      admin: 1,
      store: 1,
      landingPage: 1,
      maxSandboxes: 1,
      sandboxIdleMs: 1,
    });
  });

  it("createPlantStoreHandlers", () => {
    const { options, reads } = countingReads<PlantStoreMswOptions>({
      ...mockOptions,
      baseUrl: "https://api.example.com/v1",
    });
    createPlantStoreHandlers(options);
    expect([...reads.values()].every((count) => count === 1)).toBe(true);
    expect([...reads.keys()]).toEqual(
      expect.arrayContaining(["baseUrl", ...Object.keys(mockOptions)]),
    );
  });
});

// One base-URL rule (src/contract/base-url.ts): what the SDK refuses to call, the MSW handlers
// refuse to intercept, each with its own message naming baseUrl.
describe("the SDK and the MSW handlers read baseUrl by one rule", () => {
  const SDK_BASE_URL =
    "baseUrl must be an absolute http(s) URL without query, fragment or credentials";
  const refused = [
    "https://@api.example.com",
    " https://api.example.com",
    "https://user:pw@api.example.com",
    "https://api.example.com/v1?",
    "https://api.example.com/v1#",
    "ftp://api.example.com",
    "api.example.com",
  ];
  it.each(refused)("both refuse %j", (baseUrl) => {
    expect(() => createPlantStoreClient({ baseUrl, token: "t1" })).toThrow(
      new TypeError(SDK_BASE_URL),
    );
    expect(() => createPlantStoreHandlers({ baseUrl })).toThrow(new TypeError(BASE_URL_RULE));
  });
  it.each(["https://api.example.com", "HTTP://api.example.com/v1/", "http://127.0.0.1:4010/v1"])(
    "both accept %j",
    (baseUrl) => {
      expect(() => createPlantStoreClient({ baseUrl, token: "t1" })).not.toThrow();
      expect(() => createPlantStoreHandlers({ baseUrl })).not.toThrow();
    },
  );
});
