// The image `npm run image` builds, run as a user runs it: what it is made of, what it serves
// with no arguments, and that the CLI's flags and environment variables reach plant-store-mock.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { defaultSeed, generatePlants } from "../../src/mock/index.js";
import {
  DEMO_TOKEN,
  describeWithEngine,
  engine,
  engineRun,
  IMAGE,
  runContainer,
  runToEnd,
} from "./support/containers.js";

const run = promisify(execFile);
const { version } = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
);

const list = (url: string, token: string) =>
  fetch(`${url}/plants`, { headers: { authorization: `Bearer ${token}` } });

describeWithEngine("the plant-store-mock image", () => {
  it("is tagged plant-store-mock:<version> and plant-store-mock:latest, one image", async () => {
    const ids = await Promise.all(
      [IMAGE, "plant-store-mock:latest"].map((tag) =>
        engineRun(["image", "inspect", "--format", "{{.Id}}", tag]),
      ),
    );
    expect(IMAGE).toBe(`plant-store-mock:${version}`);
    expect(ids[0]).toBe(ids[1]);
  });

  it("runs as a non-root user, exposes 4010 and starts in /data", async () => {
    const config = JSON.parse(
      await engineRun(["image", "inspect", "--format", "{{json .Config}}", IMAGE]),
    );
    expect(config.User).toBe("10001:10001");
    expect(Object.keys(config.ExposedPorts)).toEqual(["4010/tcp"]);
    expect(config.WorkingDir).toBe("/data");
    expect(config.Labels["org.opencontainers.image.version"]).toBe(version);
  });

  it("holds Node, the libraries it loads, the package and /data: no shell, no distribution", async () => {
    const id = await engineRun(["create", "--label", "plant-store-sdk-test", IMAGE]);
    try {
      const { stdout } = await run("sh", ["-c", `${engine} export ${id} | tar -t`], {
        maxBuffer: 64 * 1024 * 1024,
      });
      const files = stdout.split("\n").filter((path) => path !== "" && !path.endsWith("/"));
      // What the engine adds to every container (mount points for /etc/hosts and the like).
      const own = files.filter(
        (path) =>
          !/^(\.dockerenv|etc\/(hosts|hostname|resolv\.conf|mtab)|dev\/|proc\/|sys\/|run\/)/.test(
            path,
          ),
      );
      const outsideApp = own.filter((path) => !path.startsWith("app/node_modules/"));
      expect(outsideApp.sort()).toEqual(
        [
          "etc/group",
          "etc/passwd",
          "usr/local/bin/node",
          ...outsideApp.filter((path) => /^(lib|lib64)\/.*\.so[.\d]*$/.test(path)),
        ].sort(),
      );
      expect(outsideApp.filter((path) => path.startsWith("lib")).length).toBeGreaterThanOrEqual(5);
      const packages = new Set(own.map((path) => /^app\/node_modules\/([^/]+)\//.exec(path)?.[1]));
      packages.delete(undefined);
      expect([...packages].sort()).toEqual([
        "openapi-fetch",
        "openapi-typescript-helpers",
        "plant-store-sdk",
      ]);
    } finally {
      await engineRun(["rm", id]);
    }
  });

  it("prints the version with --version and the help with --help, exit 0", async () => {
    expect(await runToEnd(["--version"])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    const help = await runToEnd(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: plant-store-mock \[options\]/);
  });

  it("with no arguments serves what npm start serves: the demo plants to the demo token, on 0.0.0.0:4010 inside", async () => {
    const container = await runContainer();
    const answer = await list(container.url, DEMO_TOKEN);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(defaultSeed);
    expect(defaultSeed).toHaveLength(5);
    const banner = (await container.logs()).split("\n");
    expect(banner.slice(0, 2)).toEqual([
      "http://127.0.0.1:4010",
      `Token: ${DEMO_TOKEN} (the public demo token; choose your own with --token or PLANT_STORE_TOKENS)`,
    ]);
    expect(await container.stop()).toBe(0);
  });

  it("passes the arguments of `run IMAGE …` to plant-store-mock as its flags", async () => {
    const container = await runContainer([
      "--generate",
      "50",
      "--generate-seed",
      "7",
      "--token",
      "flag-token",
      "--create-status",
      "200",
    ]);
    const answer = await list(container.url, "flag-token");
    expect(await answer.json()).toEqual(generatePlants(50, { seed: 7 }));
    expect((await list(container.url, DEMO_TOKEN)).status).toBe(401);
    const created = await fetch(`${container.url}/plants`, {
      method: "POST",
      headers: { authorization: "Bearer flag-token", "content-type": "application/json" },
      body: '{"name":"Ivy"}',
    });
    expect(created.status).toBe(200);
    expect(await container.logs()).not.toContain("flag-token");
  });

  it("reads the environment variables the CLI reads: PLANT_STORE_TOKENS and PLANT_STORE_ADMIN_TOKEN", async () => {
    const container = await runContainer(
      ["--admin"],
      [
        "--env",
        "PLANT_STORE_TOKENS=env-token-a,env-token-b",
        "--env",
        "PLANT_STORE_ADMIN_TOKEN=env-admin-token",
      ],
    );
    for (const token of ["env-token-a", "env-token-b"]) {
      expect((await list(container.url, token)).status).toBe(200);
    }
    expect((await list(container.url, DEMO_TOKEN)).status).toBe(401);
    const journal = await fetch(`${container.url}/__admin/requests`, {
      headers: { authorization: "Bearer env-admin-token" },
    });
    expect(journal.status).toBe(200);
    expect(await journal.json()).toHaveLength(3);
    expect(await container.logs()).toContain(
      "Admin endpoints: http://127.0.0.1:4010/__admin/ (admin token from PLANT_STORE_ADMIN_TOKEN, not printed)",
    );
  });

  it("refuses --admin without an admin token at start (it listens on 0.0.0.0): one line naming the admin token, exit 2", async () => {
    expect(await runToEnd(["--admin"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "plant-store-mock: --admin on --host 0.0.0.0 would open reset and the request journal to the network; give --admin-token <token> (or PLANT_STORE_ADMIN_TOKEN), or listen on a loopback host.\n",
    });
  });

  it("refuses a mistaken flag with the CLI's one line, exit 2", async () => {
    expect(await runToEnd(["--generate", "-1"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "plant-store-mock: --generate must be a whole number from 0 to 1000000.\n",
    });
  });
});
