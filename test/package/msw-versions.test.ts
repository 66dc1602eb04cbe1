// The msw range in package.json, proven: examples/consumer-tests is copied verbatim into a
// fresh project with the packed package and run under the lowest msw 2 we support, and under
// msw 3, which needs Node >= 22 (a Node 24 binary comes from npm's `node` package).
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsumerProject, packPackage, repoRoot, run } from "./packed-project.js";

const LOWEST_MSW_2 = "2.0.0";
const NODE_FOR_MSW_3 = "24";

const example = join(repoRoot, "examples/consumer-tests");
const cleanup: string[] = [];
let tarball: string;

beforeAll(async () => {
  tarball = await packPackage();
  cleanup.push(dirname(tarball));
}, 30_000);

afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

/** A project holding the example, the packed package, `extra` packages, and our vitest. */
async function exampleProject(extra: string[]): Promise<string> {
  const project = await createConsumerProject([tarball, ...extra]);
  cleanup.push(project);
  cpSync(join(example, "src"), join(project, "src"), { recursive: true });
  cpSync(join(example, "test"), join(project, "test"), { recursive: true });
  // vitest itself is not under test: link the repo's copy instead of installing 40 packages.
  mkdirSync(join(project, "node_modules"), { recursive: true });
  symlinkSync(join(repoRoot, "node_modules/vitest"), join(project, "node_modules/vitest"));
  return project;
}

async function runExampleSuite(project: string, node: string) {
  const vitest = join(project, "node_modules/vitest/vitest.mjs");
  const { stdout } = await run(node, [vitest, "run", "--reporter=json"], {
    cwd: project,
    env: { ...process.env, CI: "" },
  });
  const report = JSON.parse(stdout) as { numPassedTests: number; numFailedTests: number };
  const { version } = JSON.parse(
    readFileSync(join(project, "node_modules/msw/package.json"), "utf8"),
  ) as { version: string };
  return { ...report, msw: version };
}

describe("examples/consumer-tests against the packed package", () => {
  it.concurrent(`passes with msw ${LOWEST_MSW_2} on this Node`, async () => {
    const project = await exampleProject([`msw@${LOWEST_MSW_2}`]);
    const result = await runExampleSuite(project, process.execPath);
    expect(result).toMatchObject({ msw: LOWEST_MSW_2, numFailedTests: 0, numPassedTests: 19 });
  }, 60_000);

  it.concurrent(`passes with msw 3 on Node ${NODE_FOR_MSW_3}`, async () => {
    const project = await exampleProject(["msw@3", `node@${NODE_FOR_MSW_3}`]);
    // npm skips install scripts here, so take the binary from the platform package directly.
    const node = join(
      project,
      `node_modules/node/node_modules/node-${process.platform}-${process.arch}/bin/node`,
    );
    const { stdout: nodeVersion } = await run(node, ["--version"]);
    expect(nodeVersion).toMatch(new RegExp(`^v${NODE_FOR_MSW_3}\\.`));
    const result = await runExampleSuite(project, node);
    expect(result.msw).toMatch(/^3\./);
    expect(result).toMatchObject({ numFailedTests: 0, numPassedTests: 19 });
  }, 90_000);
});
