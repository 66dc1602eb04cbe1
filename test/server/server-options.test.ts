// Every option of startPlantStoreServer is checked before anything starts: a value the
// server cannot use rejects with a TypeError or RangeError naming it (a missing data
// directory with PlantStoreDataFileError), instead of a server that starts and then fails.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlantStore } from "../../src/mock/index.js";
import { openAdminProblem } from "../../src/server/check-options.js";
import {
  PlantStoreDataFileError,
  type PlantStoreServerOptions,
  startPlantStoreServer,
} from "../../src/server/index.js";

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "plant-store-options-"));
  await writeFile(join(directory, "a-file"), "");
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const HOST_RULE =
  "host must be an IP address or a host name, such as 127.0.0.1, ::1, 0.0.0.0 or localhost.";
const BASE_PATH_RULE =
  'basePath must be a plain path such as "/v1": ASCII letters, digits and - . _ ~ ! $ & \' ( ) * + , ; = : @ between single slashes, no "." or ".." segment, no ?, # or %.';
const timer = (name: string) =>
  `${name} must be a whole number of milliseconds from 0 to 2147483647 (0 = none).`;
const FSYNC_RULE =
  'fsync must be "always", "never" or a whole number of milliseconds from 1 to 2147483647.';

type ErrorClass = typeof TypeError | typeof RangeError | typeof PlantStoreDataFileError;

const refusals: [string, () => unknown, ErrorClass, string | (() => string)][] = [
  ["options that are no object", () => "fast", TypeError, "options must be an object."],
  [
    "a misspelt option",
    () => ({ token: ["t1"] }),
    TypeError,
    'Unknown option "token"; the options are port, host, store, seed, tokens, createStatus, maxBodyBytes, corsOrigin, maxSandboxes, sandboxIdleMs, basePath, admin, landingPage, dataFile, fsync, log, logRequests, requestTimeout, headersTimeout, keepAliveTimeout, shutdownTimeout, shadow.',
  ],
  [
    "a corsOrigin with a newline",
    () => ({ corsOrigin: "https://a.example\nx-evil: 1" }),
    TypeError,
    'corsOrigin must be "*" or an origin such as "https://app.example" (scheme, host and port, nothing else).',
  ],
  ["a non-ASCII basePath", () => ({ basePath: "/pfl\u00e4nzchen" }), TypeError, BASE_PATH_RULE],
  ["a basePath with ?", () => ({ basePath: "/v1?debug" }), TypeError, BASE_PATH_RULE],
  ["an empty host", () => ({ host: "" }), TypeError, HOST_RULE],
  ["a host with a space", () => ({ host: "my host" }), TypeError, HOST_RULE],
  ["a host in brackets", () => ({ host: "[::1]" }), TypeError, HOST_RULE],
  ["a host that is no string", () => ({ host: 127 }), TypeError, HOST_RULE],
  [
    "a port string",
    () => ({ port: "4010" }),
    TypeError,
    "port must be an integer from 0 to 65535.",
  ],
  [
    "a port above 65535",
    () => ({ port: 65_536 }),
    RangeError,
    "port must be an integer from 0 to 65535.",
  ],
  [
    "a requestTimeout a timer cannot hold",
    () => ({ requestTimeout: 2 ** 31 }),
    RangeError,
    timer("requestTimeout"),
  ],
  [
    "a keepAliveTimeout string",
    () => ({ keepAliveTimeout: "5000" }),
    TypeError,
    timer("keepAliveTimeout"),
  ],
  [
    "a negative shutdownTimeout",
    () => ({ shutdownTimeout: -1 }),
    RangeError,
    timer("shutdownTimeout"),
  ],
  [
    "a fractional headersTimeout",
    () => ({ headersTimeout: 0.5 }),
    RangeError,
    timer("headersTimeout"),
  ],
  ["an fsync period a timer cannot hold", () => ({ fsync: 2 ** 31 }), RangeError, FSYNC_RULE],
  ["an fsync of 0", () => ({ fsync: 0 }), RangeError, FSYNC_RULE],
  ["an fsync word it does not know", () => ({ fsync: "sometimes" }), TypeError, FSYNC_RULE],
  [
    "a log that is no function",
    () => ({ log: console }),
    TypeError,
    "log must be a function (line, kind) => void.",
  ],
  [
    "logRequests as a string",
    () => ({ logRequests: "no" }),
    TypeError,
    "logRequests must be true or false.",
  ],
  [
    "a createStatus string",
    () => ({ createStatus: "200" }),
    TypeError,
    "createStatus must be 200 or 201.",
  ],
  [
    "a createStatus of 202",
    () => ({ createStatus: 202 }),
    RangeError,
    "createStatus must be 200 or 201.",
  ],
  [
    "a maxBodyBytes of 0",
    () => ({ maxBodyBytes: 0 }),
    RangeError,
    "maxBodyBytes must be a whole number of bytes, 1 or more.",
  ],
  [
    "a seed that is no array",
    () => ({ seed: "plants.json" }),
    TypeError,
    'seed must be an array of plants, such as [{ name: "Aloe" }].',
  ],
  [
    "a seed plant without name",
    () => ({ seed: [{}] }),
    TypeError,
    "seed[0]: name must be a non-empty string.",
  ],
  [
    "a store without the PlantStore methods",
    () => ({ store: new Map() }),
    TypeError,
    "store must be a PlantStore: it has no list() method.",
  ],
  [
    "a store and a seed",
    () => ({ store: createPlantStore(), seed: [{ name: "Ivy" }] }),
    TypeError,
    "Give store or seed, not both: seed only fills a store created for you.",
  ],
  [
    "an empty dataFile",
    () => ({ dataFile: "" }),
    TypeError,
    "dataFile must be the path of a file.",
  ],
  // null never means "the default" (leave the option out for that); only corsOrigin gives
  // it a meaning of its own.
  ["a port of null", () => ({ port: null }), TypeError, "port must be an integer from 0 to 65535."],
  ["a host of null", () => ({ host: null }), TypeError, HOST_RULE],
  [
    "tokens of null",
    () => ({ tokens: null }),
    TypeError,
    'tokens must be an array of bearer tokens, such as ["my-token"].',
  ],
  [
    "a requestTimeout of null",
    () => ({ requestTimeout: null }),
    TypeError,
    timer("requestTimeout"),
  ],
  [
    "a headersTimeout of null",
    () => ({ headersTimeout: null }),
    TypeError,
    timer("headersTimeout"),
  ],
  [
    "a keepAliveTimeout of null",
    () => ({ keepAliveTimeout: null }),
    TypeError,
    timer("keepAliveTimeout"),
  ],
  [
    "a shutdownTimeout of null",
    () => ({ shutdownTimeout: null }),
    TypeError,
    timer("shutdownTimeout"),
  ],
  [
    "a log of null",
    () => ({ log: null }),
    TypeError,
    "log must be a function (line, kind) => void.",
  ],
  [
    "logRequests of null",
    () => ({ logRequests: null }),
    TypeError,
    "logRequests must be true or false.",
  ],
  [
    "a dataFile of null",
    () => ({ dataFile: null }),
    TypeError,
    "dataFile must be the path of a file.",
  ],
  [
    "a dataFile in a directory that does not exist",
    () => ({ dataFile: join(directory, "missing", "plants.json") }),
    PlantStoreDataFileError,
    () =>
      `Data file ${join(directory, "missing", "plants.json")} cannot be saved: ${join(directory, "missing")} does not exist.`,
  ],
  [
    "a dataFile under a file",
    () => ({ dataFile: join(directory, "a-file", "plants.json") }),
    PlantStoreDataFileError,
    () =>
      `Data file ${join(directory, "a-file", "plants.json")} cannot be saved: ${join(directory, "a-file")} is not a directory.`,
  ],
];

describe("startPlantStoreServer refuses, before it listens", () => {
  it.each(refusals)("%s", async (_, options, errorClass, message) => {
    const started = startPlantStoreServer(options() as PlantStoreServerOptions);
    const error = await started.then(
      async (server) => {
        await server.close();
        return undefined;
      },
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(errorClass);
    expect((error as Error).message).toBe(typeof message === "string" ? message : message());
  });
});

describe("startPlantStoreServer accepts", () => {
  it("a host name, an origin with a port, and a basePath written without slashes", async () => {
    const server = await startPlantStoreServer({
      host: "localhost",
      corsOrigin: "http://localhost:5173",
      basePath: "api/v1/",
      tokens: ["t1"],
    });
    try {
      expect(server.url).toMatch(/^http:\/\/(127\.0\.0\.1|\[::1\]):\d+\/api\/v1$/);
      const res = await fetch(`${server.url}/plants`, { headers: { authorization: "Bearer t1" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    } finally {
      await server.close();
    }
  });
});

// A getter (or a Proxy) must not hand the check one value and the server another.
it("startPlantStoreServer reads each option once, where it enters", async () => {
  const reads = new Map<string, number>();
  const given: PlantStoreServerOptions = {
    tokens: ["t1"],
    seed: [{ name: "Aloe" }],
    basePath: "/v1",
    admin: true,
    landingPage: false,
    corsOrigin: "*",
    maxBodyBytes: 1_000,
    requestTimeout: 5_000,
    headersTimeout: 5_000,
  };
  const options = new Proxy(given, {
    get(target, key, receiver) {
      if (typeof key === "string") reads.set(key, (reads.get(key) ?? 0) + 1);
      return Reflect.get(target, key, receiver);
    },
  });
  const server = await startPlantStoreServer(options);
  await server.close();
  expect(server.url).toMatch(/\/v1$/);
  expect(Object.keys(given).every((key) => reads.get(key) === 1)).toBe(true);
  expect([...reads.values()].every((count) => count === 1)).toBe(true);
});

describe("openAdminProblem", () => {
  it("objects only to open admin endpoints off loopback", () => {
    expect(openAdminProblem("0.0.0.0", false, undefined)).toBeUndefined();
    expect(openAdminProblem("0.0.0.0", true, "admin-token")).toBeUndefined();
    expect(openAdminProblem("127.0.0.1", true, undefined)).toBeUndefined();
    expect(openAdminProblem("0.0.0.0", true, undefined)).toBe(
      "the admin endpoints would be open to the network on host 0.0.0.0: reset and the request journal need an admin token there",
    );
  });
});
