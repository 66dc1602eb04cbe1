// plant-store-mock --admin / --admin-token / PLANT_STORE_ADMIN_TOKEN, run as a real process.
import { describe, expect, it } from "vitest";
import { DEMO_TOKEN } from "../../../src/server/index.js";
import { type RunningCli, useCliFixture } from "../support/cli-process.js";

const { start: startTracked, run: runToEnd } = useCliFixture("admin-flags");

function start(args: readonly string[], env?: Record<string, string>): Promise<RunningCli> {
  return startTracked(["--port", "0", "--quiet", ...args], env);
}

function reset(url: string, token?: string): Promise<Response> {
  return fetch(`${url}/__admin/reset`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
  });
}

describe("plant-store-mock admin flags", () => {
  it("--admin opens the admin endpoints on loopback and says so in the banner", async () => {
    const cli = await start(["--admin"]);
    expect(cli.stdout()).toContain(
      `Admin endpoints: ${cli.url}/__admin/ (open, this machine only)\n`,
    );
    expect((await reset(cli.url)).status).toBe(204);
  });

  it("without --admin the admin paths are the API's unknown paths", async () => {
    const cli = await start([], { PLANT_STORE_ADMIN_TOKEN: "exported-admin-token" });
    expect(cli.stdout()).not.toContain("Admin endpoints");
    expect((await reset(cli.url, DEMO_TOKEN)).status).toBe(404);
    expect((await reset(cli.url, "exported-admin-token")).status).toBe(401);
  });

  it("--admin-token turns them on behind the token and never prints it", async () => {
    const secret = "cli-admin-secret-42";
    const cli = await start(["--admin-token", secret]);
    expect(cli.stdout()).toContain(
      `Admin endpoints: ${cli.url}/__admin/ (admin token from --admin-token, not printed)\n`,
    );
    expect(cli.stdout()).not.toContain(secret);
    expect((await reset(cli.url)).status).toBe(401);
    expect((await reset(cli.url, DEMO_TOKEN)).status).toBe(401);
    expect((await reset(cli.url, secret)).status).toBe(204);
  });

  it("takes the token from PLANT_STORE_ADMIN_TOKEN with --admin", async () => {
    const secret = "env-admin-secret-42";
    const cli = await start(["--admin"], { PLANT_STORE_ADMIN_TOKEN: secret });
    expect(cli.stdout()).toContain("(admin token from PLANT_STORE_ADMIN_TOKEN, not printed)");
    expect(cli.stdout()).not.toContain(secret);
    expect((await reset(cli.url)).status).toBe(401);
    expect((await reset(cli.url, secret)).status).toBe(204);
  });

  it("allows open admin endpoints on --host localhost", async () => {
    const cli = await start(["--admin", "--host", "localhost"]);
    expect((await reset(cli.url)).status).toBe(204);
  });

  it.each<[string, string[], Record<string, string>, string]>([
    [
      "--admin on a host other than loopback",
      ["--admin", "--host", "0.0.0.0"],
      {},
      "plant-store-mock: --admin on --host 0.0.0.0 would open reset and the request journal to the network; give --admin-token <token> (or PLANT_STORE_ADMIN_TOKEN), or listen on a loopback host.\n",
    ],
    [
      "an --admin-token that is not a bearer token",
      ["--admin-token", "two words"],
      {},
      "plant-store-mock: --admin-token must be a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty.\n",
    ],
    [
      "an empty --admin-token",
      ["--admin-token", ""],
      {},
      "plant-store-mock: --admin-token must be a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty.\n",
    ],
    [
      "a PLANT_STORE_ADMIN_TOKEN that is not a bearer token",
      ["--admin"],
      { PLANT_STORE_ADMIN_TOKEN: "secret with spaces" },
      "plant-store-mock: PLANT_STORE_ADMIN_TOKEN must be a bearer token: letters, digits and - . _ ~ + / (= only at the end), not empty.\n",
    ],
    [
      "an --admin-token that is a sandbox token (psb_)",
      ["--admin-token", "psb_spaces"],
      {},
      'plant-store-mock: --admin-token must not start with "psb_": that prefix marks sandbox tokens, which only their own sandbox answers.\n',
    ],
    [
      "a PLANT_STORE_ADMIN_TOKEN that is a sandbox token (psb_)",
      ["--admin"],
      { PLANT_STORE_ADMIN_TOKEN: "psb_spaces" },
      'plant-store-mock: PLANT_STORE_ADMIN_TOKEN must not start with "psb_": that prefix marks sandbox tokens, which only their own sandbox answers.\n',
    ],
  ])("refuses %s with one line and exit 2", async (_case, args, env, stderr) => {
    const run = await runToEnd(["--port", "0", ...args], env);
    expect(run).toMatchObject({ code: 2, stdout: "", stderr });
    expect(run.stderr).not.toContain("spaces");
  });

  it("lists the flags in --help", async () => {
    const run = await runToEnd(["--help"]);
    expect(run.stdout).toContain("--admin ");
    expect(run.stdout).toContain("--admin-token <token>");
    expect(run.stdout).toContain("PLANT_STORE_ADMIN_TOKEN");
  });
});
