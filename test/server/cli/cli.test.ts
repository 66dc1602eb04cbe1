import { writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generatePlants } from "../../../src/mock/index.js";
import { DEMO_TOKEN, startPlantStoreServer } from "../../../src/server/index.js";
import { type RunningCli, useCliFixture } from "../support/cli-process.js";
import {
  openSocket,
  parseRawResponse,
  readUntilClosed,
  waitForText,
  waitUntilRefused,
} from "../support/raw-http.js";

const SECRET = "cli-secret-token-0123";
const { start: startTracked, run: runToEnd, scratchPath } = useCliFixture("cli");

function start(args: readonly string[], env?: Record<string, string>): Promise<RunningCli> {
  return startTracked(["--port", "0", ...args], env);
}

function list(url: string, token: string): Promise<Response> {
  return fetch(`${url}/plants`, { headers: { authorization: `Bearer ${token}` } });
}

describe("plant-store-mock", () => {
  it("prints the URL first, then the demo token and a curl line that works", async () => {
    const cli = await start([]);
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const lines = cli.stdout().split("\n");
    expect(lines[1]).toBe(
      `Token: ${DEMO_TOKEN} (the public demo token; choose your own with --token or PLANT_STORE_TOKENS)`,
    );
    expect(lines[2]).toBe(`curl -H "Authorization: Bearer ${DEMO_TOKEN}" ${cli.url}/plants`);
    const response = await list(cli.url, DEMO_TOKEN);
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(5);
  });

  it("logs one line per request: method, path, status, ms", async () => {
    const cli = await start([]);
    await list(`${cli.url}`, DEMO_TOKEN);
    await fetch(`${cli.url}/nowhere?x=1`, { headers: { authorization: `Bearer ${DEMO_TOKEN}` } });
    expect(await cli.waitForLine(/^GET \/plants /)).toMatch(/^GET \/plants 200 \d+\.\d ms$/);
    expect(await cli.waitForLine(/^GET \/nowhere/)).toMatch(/^GET \/nowhere\?x=1 404 \d+\.\d ms$/);
  });

  it("writes every request's line, whole, however many arrive at once, and all before it exits", async () => {
    const cli = await start([]);
    const answers = await Promise.all(Array.from({ length: 40 }, () => list(cli.url, DEMO_TOKEN)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    cli.child.kill("SIGTERM");
    const run = await cli.exited;
    const requestLines = run.stdout.split("\n").filter((line) => line.startsWith("GET "));
    expect(requestLines).toHaveLength(40);
    for (const line of requestLines) expect(line).toMatch(/^GET \/plants 200 \d+\.\d ms$/);
  });

  it("keeps chosen tokens out of every line it prints and every answer it sends", async () => {
    const cli = await start(["--token", SECRET, "--token", "second-token"]);
    expect(cli.stdout()).toContain("Tokens: 2 tokens from --token (not printed");
    expect(cli.stdout()).toContain(`curl -H "Authorization: Bearer $TOKEN" ${cli.url}/plants`);
    expect((await list(cli.url, SECRET)).status).toBe(200);
    expect((await list(cli.url, "second-token")).status).toBe(200);
    const rejected = await list(cli.url, `${SECRET}x`);
    expect(rejected.status).toBe(401);
    expect(await rejected.text()).not.toContain(SECRET);
    await cli.waitForLine(/ 401 /);
    cli.child.kill("SIGTERM");
    const run = await cli.exited;
    expect(`${run.stdout}${run.stderr}`).not.toContain(SECRET);
    expect(`${run.stdout}${run.stderr}`).not.toContain("second-token");
  });

  it("takes comma-separated tokens from PLANT_STORE_TOKENS when no --token is given", async () => {
    const cli = await start([], { PLANT_STORE_TOKENS: ` ${SECRET} , other-token ` });
    expect(cli.stdout()).toContain("Tokens: 2 tokens from PLANT_STORE_TOKENS");
    expect((await list(cli.url, "other-token")).status).toBe(200);
    expect((await list(cli.url, DEMO_TOKEN)).status).toBe(401);
  });

  it("prints no request lines with --quiet", async () => {
    const cli = await start(["--quiet"]);
    await list(cli.url, DEMO_TOKEN);
    cli.child.kill("SIGTERM");
    const run = await cli.exited;
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/^GET /m);
    expect(run.stdout.split("\n")[0]).toBe(cli.url);
  });

  it("serves --seed, --create-status, --cors-origin and --base-path", async () => {
    const seedFile = scratchPath("seed.json");
    await writeFile(seedFile, JSON.stringify([{ name: "Cactus", tag: "desert", id: 7 }]));
    const cli = await start([
      "--seed",
      seedFile,
      "--create-status",
      "200",
      "--cors-origin",
      "https://demo.example",
      "--base-path",
      "/v1",
    ]);
    expect(cli.url).toMatch(/\/v1$/);
    const listed = await list(cli.url, DEMO_TOKEN);
    expect(listed.headers.get("access-control-allow-origin")).toBe("https://demo.example");
    expect(await listed.json()).toEqual([{ name: "Cactus", tag: "desert" }]);
    const created = await fetch(`${cli.url}/plants`, {
      method: "POST",
      headers: { authorization: `Bearer ${DEMO_TOKEN}`, "content-type": "application/json" },
      body: '{"name":"Aloe","id":7}',
    });
    expect(created.status).toBe(409);
  });

  it("--generate serves that many generated public plants in place of the demo ones, the same for the same --generate-seed", async () => {
    const seeded = await start(["--generate", "40", "--generate-seed", "7"]);
    const plants = await (await list(seeded.url, DEMO_TOKEN)).json();
    expect(plants).toEqual(generatePlants(40, { seed: 7 }));
    // Another token sees them too: they are public.
    const other = await start(["--generate", "40", "--generate-seed", "7", "--token", SECRET]);
    expect(await (await list(other.url, SECRET)).json()).toEqual(plants);
    const unseeded = await start(["--generate", "3"]);
    expect(await (await list(unseeded.url, DEMO_TOKEN)).json()).toEqual(generatePlants(3));
  });

  it("--generate with --seed serves the file's plants, then the generated ones", async () => {
    const seedFile = scratchPath("seed-and-generate.json");
    await writeFile(seedFile, JSON.stringify([{ name: "Cactus", tag: "desert", id: 2 }]));
    const cli = await start(["--seed", seedFile, "--generate", "4", "--generate-seed", "11"]);
    expect(await (await list(cli.url, DEMO_TOKEN)).json()).toEqual([
      { name: "Cactus", tag: "desert" },
      ...generatePlants(4, { seed: 11 }),
    ]);
  });

  it("--generate with --data fills a new data file only: once the file exists, it holds the store", async () => {
    const dataFile = scratchPath("generated.jsonl");
    const first = await start(["--data", dataFile, "--generate", "5", "--generate-seed", "1"]);
    expect(await (await list(first.url, DEMO_TOKEN)).json()).toEqual(
      generatePlants(5, { seed: 1 }),
    );
    first.child.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);
    const again = await start(["--data", dataFile, "--generate", "9", "--generate-seed", "2"]);
    expect(await (await list(again.url, DEMO_TOKEN)).json()).toEqual(
      generatePlants(5, { seed: 1 }),
    );
  });

  it("prints help and the version, exit 0", async () => {
    const help = await runToEnd(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: plant-store-mock \[options\]/);
    expect(help.stdout).toContain("--port <n>");
    expect(help.stdout).toContain("--generate <n>");
    expect(help.stdout).toContain("--generate-seed <n>");
    const version = await runToEnd(["--version"]);
    expect(version.code).toBe(0);
    const { default: pkg } = await import("../../../package.json", { with: { type: "json" } });
    expect(version.stdout).toBe(`${pkg.version}\n`);
  });

  it.each([
    [["--bogus"], "plant-store-mock: Unknown option '--bogus' (see --help)."],
    [
      ["--prot", "4011"],
      "plant-store-mock: Unknown option '--prot'; did you mean --port? (see --help).",
    ],
    [
      ["--admin-tokn=secret-value"],
      "plant-store-mock: Unknown option '--admin-tokn'; did you mean --admin-token? (see --help).",
    ],
    [
      ["--admin", "--base-path", "/__admin"],
      "plant-store-mock: --base-path /__admin is under /__admin, where the admin endpoints answer; choose another base path.",
    ],
    [
      ["--admin", "--base-path", "/__admin/api/"],
      "plant-store-mock: --base-path /__admin/api is under /__admin, where the admin endpoints answer; choose another base path.",
    ],
    [["--port"], "plant-store-mock: Option '--port <value>' argument missing (see --help)."],
    [["--port", "99999"], "plant-store-mock: --port must be a whole number from 0 to 65535."],
    [["--port", "-1"], "plant-store-mock: --port must be a whole number from 0 to 65535."],
    [
      ["--request-timeout", "-5"],
      "plant-store-mock: --request-timeout must be a whole number from 0 to 2147483647.",
    ],
    [["--create-status", "202"], "plant-store-mock: --create-status must be 200 or 201."],
    [
      ["--max-sandboxes", "0"],
      "plant-store-mock: --max-sandboxes must be a whole number from 1 to 9007199254740991.",
    ],
    [
      ["--sandbox-idle-ms", "soon"],
      "plant-store-mock: --sandbox-idle-ms must be a whole number from 1 to 9007199254740991.",
    ],
    ...["sometimes", "0", "1.5", "2147483648", ""].map((value): [string[], string] => [
      ["--fsync", value],
      "plant-store-mock: --fsync must be always, never or a whole number of milliseconds from 1 to 2147483647.",
    ]),
    [
      ["--token", "has space"],
      "plant-store-mock: --token must be a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty.",
    ],
    [
      ["--token", "good", "--token", "psb_mine"],
      'plant-store-mock: --token must not start with "psb_": that prefix marks sandbox tokens, which only their own sandbox answers.',
    ],
    [["stray"], "plant-store-mock: Unexpected argument 'stray' (see --help)."],
    [
      ["--generate", "many"],
      "plant-store-mock: --generate must be a whole number from 0 to 1000000.",
    ],
    [
      ["--generate", "-3"],
      "plant-store-mock: --generate must be a whole number from 0 to 1000000.",
    ],
    [
      ["--generate", "1000001"],
      "plant-store-mock: --generate must be a whole number from 0 to 1000000.",
    ],
    [
      ["--generate", "5", "--generate-seed", "4294967296"],
      "plant-store-mock: --generate-seed must be a whole number from 0 to 4294967295.",
    ],
    [
      ["--generate", "5", "--generate-seed", "1.5"],
      "plant-store-mock: --generate-seed must be a whole number from 0 to 4294967295.",
    ],
    [
      ["--generate-seed", "3"],
      "plant-store-mock: --generate-seed goes with --generate <count>: it chooses the plants --generate makes.",
    ],
    [
      ["--seed", "/no/such/seed.json"],
      "plant-store-mock: --seed /no/such/seed.json: cannot read the file (no such file).",
    ],
  ])("refuses %j with one line on stderr and exit code 2", async (args, message) => {
    const run = await runToEnd(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(`${message}\n`);
  });

  it.each([
    ["not JSON", "[{", "not valid JSON"],
    ["not an array", '{"name":"A"}', "must be a JSON array of plants."],
    ["a plant without name", '[{"tag":"x"}]', 'item 0: "name" must be a non-empty string.'],
    ["a tag that is no string", '[{"name":"A","tag":3}]', 'item 0: "tag" must be a string.'],
    [
      "an id of 0",
      '[{"name":"A","id":0}]',
      'item 0: "id" must be an integer from 1 to 9007199254740991.',
    ],
    ["a duplicate id", '[{"name":"A","id":2},{"name":"B","id":2}]', "id 2 is used twice."],
  ])("refuses a seed file with %s: exit code 2", async (_, text, problem) => {
    const seedFile = scratchPath("bad-seed.json");
    await writeFile(seedFile, text);
    const run = await runToEnd(["--port", "0", "--seed", seedFile]);
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n")).toHaveLength(2);
    expect(run.stderr).toContain(`plant-store-mock: --seed ${seedFile}: `);
    expect(run.stderr).toContain(problem);
  });

  it("refuses a seed file that is no JSON with exactly one line, its newline shown escaped", async () => {
    const seedFile = scratchPath("nope.json");
    await writeFile(seedFile, "nope\n");
    const run = await runToEnd(["--port", "0", "--seed", seedFile]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `plant-store-mock: --seed ${seedFile}: not valid JSON (Unexpected token 'o', "nope\\n" is not valid JSON).\n`,
    );
  });

  it("refuses a seed file that is no UTF-8 with one line naming the file", async () => {
    const seedFile = scratchPath("latin1.json");
    await writeFile(seedFile, Buffer.from('[{"name":"Caf\xe9"}]', "latin1"));
    const run = await runToEnd(["--port", "0", "--seed", seedFile]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `plant-store-mock: --seed ${seedFile}: not valid UTF-8 text; save the file as UTF-8.\n`,
    );
  });

  it("reads a seed file that starts with a byte order mark", async () => {
    const seedFile = scratchPath("bom.json");
    await writeFile(seedFile, '\ufeff[{"name":"Caf\u00e9"}]');
    const cli = await start(["--seed", seedFile]);
    expect(await (await list(cli.url, DEMO_TOKEN)).json()).toEqual([{ name: "Caf\u00e9" }]);
  });

  it.each([",", "a,,b", "a,b,", " , "])(
    "refuses PLANT_STORE_TOKENS=%j with an empty entry: one line, exit code 2",
    async (tokens) => {
      const run = await runToEnd(["--port", "0"], { PLANT_STORE_TOKENS: tokens });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        "plant-store-mock: PLANT_STORE_TOKENS: an entry of the comma-separated list is empty; remove the extra comma.\n",
      );
    },
  );

  it("refuses a corrupt data file with a clear message and exit code 2", async () => {
    const dataFile = scratchPath("corrupt.json");
    await writeFile(dataFile, '{"format":"plant-store-data","version":1,"plants":[{"id":1,');
    const run = await runToEnd(["--port", "0", "--data", dataFile]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^plant-store-mock: Data file ${dataFile}, line 1: not valid JSON \\(.*\\); fix or remove it\\.\\n$`,
      ),
    );
  });

  it.each([
    [
      ["--cors-origin", "https://demo.example/"],
      'plant-store-mock: --cors-origin must be "*" or an origin such as "https://app.example" (scheme, host and port, nothing else); did you mean "https://demo.example"?',
    ],
    [
      ["--base-path", "/v1?debug=1"],
      'plant-store-mock: --base-path must be a plain path such as "/v1": ASCII letters, digits and - . _ ~ ! $ & \' ( ) * + , ; = : @ between single slashes, no "." or ".." segment, no ?, # or %.',
    ],
    [
      ["--host", ""],
      "plant-store-mock: --host must be an IP address or a host name, such as 127.0.0.1, ::1, 0.0.0.0 or localhost.",
    ],
    [
      ["--host", "[::1]"],
      "plant-store-mock: --host must be an IP address or a host name, such as 127.0.0.1, ::1, 0.0.0.0 or localhost.",
    ],
    [
      ["--request-timeout", "2147483648"],
      "plant-store-mock: --request-timeout must be a whole number from 0 to 2147483647.",
    ],
    [
      ["--data", "/no/such/directory/plants.json"],
      "plant-store-mock: Data file /no/such/directory/plants.json cannot be saved: /no/such/directory does not exist.",
    ],
  ])("refuses the option values it cannot serve: %j, exit code 2", async (args, message) => {
    const run = await runToEnd(["--port", "0", ...args]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(`${message}\n`);
  });

  it("refuses PLANT_STORE_TOKENS holding a token with a space, exit code 2", async () => {
    const run = await runToEnd(["--port", "0"], { PLANT_STORE_TOKENS: "good,has space" });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "plant-store-mock: PLANT_STORE_TOKENS: every comma-separated token must be a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty.\n",
    );
  });

  it("refuses PLANT_STORE_TOKENS holding a sandbox token (psb_), exit code 2", async () => {
    const run = await runToEnd(["--port", "0"], { PLANT_STORE_TOKENS: "good,psb_mine" });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'plant-store-mock: PLANT_STORE_TOKENS: every comma-separated token must not start with "psb_": that prefix marks sandbox tokens, which only their own sandbox answers.\n',
    );
  });

  it("refuses a port in use with one line and exit code 2", async () => {
    const taken = await startPlantStoreServer();
    try {
      const port = new URL(taken.url).port;
      const run = await runToEnd(["--port", port]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `plant-store-mock: Cannot listen on 127.0.0.1:${port}: the port is already in use.\n`,
      );
    } finally {
      await taken.close();
    }
  });

  it("on SIGTERM answers the request in flight in full, refuses new connections, exits 0", async () => {
    const cli = await start([]);
    const socket = await openSocket(cli.url);
    const answer = readUntilClosed(socket);
    const held = waitForText(socket, "100 Continue");
    const body = '{"name":"Late bloomer"}';
    socket.write(
      `POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${DEMO_TOKEN}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await held; // the server now holds the request, waiting for its body
    cli.child.kill("SIGTERM");
    expect(await waitUntilRefused(cli.url)).toBe(true);
    socket.write(body);
    const raw = await answer;
    const response = parseRawResponse(raw.slice(raw.indexOf("HTTP/1.1 201")));
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body)).toEqual({ name: "Late bloomer" });
    const run = await cli.exited;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^POST \/plants 201 \d+\.\d ms$/m);
  });
});
