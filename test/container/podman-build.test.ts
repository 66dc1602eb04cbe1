// `npm run image` where no Docker daemon answers (DOCKER_HOST names a socket nobody listens on,
// whatever runs at Docker's default one) builds with Podman, configured by CONTAINERS_CONF, and
// the image runs there. --no-build packs the dist/ the other tests use instead of rebuilding it.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { engine } from "./support/containers.js";

const run = promisify(execFile);
const root = new URL("../..", import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const env = {
  ...process.env,
  DOCKER_HOST: "unix:///nonexistent/docker.sock",
  CONTAINERS_CONF: join(root, ".ci/containers.conf"),
};
const podman = (args: string[]) => run("podman", args, { env, timeout: 120_000 });
const installed = await podman(["version"]).then(
  () => true,
  () => false,
);
const TAGS = [`plant-store-mock:${version}`, "plant-store-mock:latest"];

const body = () => {
  afterAll(async () => {
    // Podman's copy goes, unless Podman is the engine the other container tests run on.
    if (engine === "docker") await podman(["rmi", "--force", ...TAGS]);
  });

  it("builds with Podman, tags <version> and latest, and the image runs there", async () => {
    const { stdout } = await run("npm", ["run", "image", "--silent", "--", "--no-build"], {
      cwd: root,
      env,
      timeout: 600_000,
    });
    expect(stdout.trim()).toBe(`Built podman: ${TAGS.join(", ")}`);
    const ids = await Promise.all(
      TAGS.map(
        async (tag) => (await podman(["image", "inspect", "--format", "{{.Id}}", tag])).stdout,
      ),
    );
    expect(ids[0]).toBe(ids[1]);
    // --network=none: Podman then makes no bridge and no firewall rules to clean up after.
    const { stdout: printed } = await podman([
      "run",
      "--rm",
      "--network=none",
      TAGS[0] as string,
      "--version",
    ]);
    expect(printed).toBe(`${version}\n`);
  }, 600_000);
};

if (installed) describe("npm run image with no Docker daemon", body);
else if (process.env.CI === "true") {
  describe("npm run image with no Docker daemon", () => {
    it("needs podman", () => {
      throw new Error("podman is not installed (.ci/run installs it)");
    });
  });
} else
  describe.skip(
    "npm run image with no Docker daemon (skipped here: podman is not installed)",
    body,
  );
