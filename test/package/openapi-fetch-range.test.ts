// openapi-fetch is a caret range in package.json, so an app's own copy can serve the SDK too.
// This proves both ends of that range from the packed package: an app with its own newest
// openapi-fetch ends up with one copy, and the SDK behaves the same on the oldest and the
// newest release the range admits (through the ESM and the CJS build in one process).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsumerProject, packPackage, repoRoot, run } from "./packed-project.js";
import { expectedBehaviour, sdkBehaviourScript } from "./sdk-behaviour-script.js";

const range: string = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).dependencies[
  "openapi-fetch"
];
const cleanup: string[] = [];
let tarball: string;
let versions: string[];

beforeAll(async () => {
  tarball = await packPackage();
  cleanup.push(dirname(tarball));
  const { stdout } = await run("npm", ["view", `openapi-fetch@${range}`, "version", "--json"], {
    cwd: repoRoot,
  });
  // One matching version comes back as a string, several as an array (oldest first).
  versions = [JSON.parse(stdout)].flat();
}, 60_000);

afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

/** A consumer project with the packed SDK and the app's own openapi-fetch at `version`. */
async function appWithOpenapiFetch(version: string): Promise<string> {
  const project = await createConsumerProject([tarball, `openapi-fetch@${version}`]);
  cleanup.push(project);
  return project;
}

describe(`openapi-fetch ${range} from the packed package`, () => {
  it("is a caret range", () => {
    expect(range).toMatch(/^\^\d+\.\d+\.\d+$/);
  });

  it("shares one copy with an app that has its own newest openapi-fetch", async () => {
    const project = await appWithOpenapiFetch("latest");
    const { stdout } = await run("npm", ["ls", "openapi-fetch", "--all", "--parseable"], {
      cwd: project,
    });
    expect(stdout.trim().split("\n")).toEqual([join(project, "node_modules/openapi-fetch")]);
  }, 90_000);

  it("gives the same SDK behaviour on the oldest and the newest release in the range", async () => {
    const ends = [...new Set([versions[0], versions.at(-1)])] as string[];
    for (const version of ends) {
      const project = await appWithOpenapiFetch(version);
      writeFileSync(join(project, "behaviour.mjs"), sdkBehaviourScript);
      const { stdout } = await run(process.execPath, ["behaviour.mjs"], { cwd: project });
      const { openapiFetch, ...observed } = JSON.parse(stdout);
      expect(openapiFetch).toBe(version);
      expect(observed, `on openapi-fetch ${version}`).toEqual(expectedBehaviour);
    }
  }, 180_000);
});
