// Every example as a user runs it: the folder copied out of the repository, `npm install`,
// `npm test` (and `npm run build` where it has one), with the package packed once for the
// whole run. Two examples at a time, on the machine's npm cache. Each passes when every
// script exits 0 and its test runner's closing line counts the tests the example holds: an
// example whose runner found nothing to run fails too.
import { readdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packPackage } from "../package/packed-project.js";
import {
  copyExample,
  examplesDir,
  freePort,
  npm,
  passedCount,
  type ScriptRun,
} from "./example-project.js";

interface Example {
  name: string;
  /** How many tests `npm test` runs, all of which must pass. */
  passed: number;
  /** Runs `npm run build` too. */
  build?: boolean;
  /** Lines `npm test` prints, in this order, one after the other. */
  prints?: string[];
}

// Heaviest first, so the two lanes end at about the same time.
const EXAMPLES: Example[] = [
  { name: "storybook", passed: 8, build: true },
  { name: "e2e", passed: 12 },
  { name: "react-query", passed: 5, build: true },
  { name: "playwright-msw", passed: 4 },
  { name: "browser", passed: 2 },
  {
    name: "consumer-tests",
    passed: 19,
    // The reporter merges the three files' coverage, run in parallel workers: each alone
    // misses what another exercised (a 503 listed, a 409 on create).
    prints: [
      "Plant Store coverage: 5 of 12 answers exercised",
      "  listPlants 400: never",
      "  createPlant 200: never",
      "  createPlant 400: never",
      "  createPlant 401: never",
      "  createPlant 413: never",
      "  createPlant 415: never",
      "  createPlant default: never",
    ],
  },
  { name: "cloudflare-worker", passed: 8 },
  { name: "node", passed: 2 },
];
const LANES = 2;

interface Outcome {
  steps: (ScriptRun & { script: string })[];
  copy: string;
}

/** Settles once its example has run; never rejects (a failure is in the steps). */
const outcomes = new Map(
  EXAMPLES.map((example) => {
    let settle: (outcome: Outcome) => void = () => {};
    const promise = new Promise<Outcome>((resolve) => {
      settle = resolve;
    });
    return [example.name, { promise, settle }];
  }),
);
let tarball = "";
let lanes: Promise<void>[] = [];

async function tryExample(example: Example): Promise<Outcome> {
  const copy = copyExample(example.name, tarball);
  const steps: Outcome["steps"] = [];
  // A free port for the examples whose Playwright config starts a dev server (PORT).
  const env = { PORT: String(await freePort()) };
  const scripts = [
    ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
    ["test"],
    ...(example.build ? [["run", "build"]] : []),
  ];
  for (const args of scripts) {
    const run = await npm(copy, args, env);
    steps.push({ script: args[0] === "run" ? args.join(" ") : (args[0] ?? ""), ...run });
    if (run.code !== 0) break;
  }
  return { steps, copy };
}

beforeAll(async () => {
  tarball = await packPackage();
  const queue = [...EXAMPLES];
  lanes = Array.from({ length: LANES }, async () => {
    for (let example = queue.shift(); example; example = queue.shift()) {
      const outcome = await tryExample(example).catch(
        (error: unknown): Outcome => ({
          steps: [{ script: "copy", code: null, output: String(error), seconds: 0 }],
          copy: "",
        }),
      );
      outcomes.get(example.name)?.settle(outcome);
    }
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(lanes);
  const lines: string[] = [];
  for (const { name } of EXAMPLES) {
    const outcome = await outcomes.get(name)?.promise;
    if (!outcome) continue;
    const failed = outcome.steps.some((step) => step.code !== 0);
    lines.push(
      `  ${name}: ${outcome.steps.map((step) => `${step.script} ${step.seconds.toFixed(0)} s`).join(", ")}${failed ? ` (failed; the copy stays in ${outcome.copy})` : ""}`,
    );
    if (!failed && outcome.copy) rmSync(dirname(outcome.copy), { recursive: true, force: true });
  }
  console.log(`Examples, each copied out of the repository and installed:\n${lines.join("\n")}`);
  if (tarball) rmSync(dirname(tarball), { recursive: true, force: true });
}, 1_800_000);

describe("every example, copied out of the repository", () => {
  it("is in the list above", () => {
    const folders = readdirSync(examplesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(EXAMPLES.map((example) => example.name).sort()).toEqual(folders.sort());
  });

  // Each waits for its turn in a lane, hence the long timeout; the work itself is minutes.
  it.each(EXAMPLES)(
    "$name: npm install, npm test and its build pass with the packed package",
    async (example) => {
      const outcome = await outcomes.get(example.name)?.promise;
      if (!outcome) throw new Error(`${example.name} never ran`);
      for (const step of outcome.steps) {
        expect(
          step.code,
          `npm ${step.script} in ${outcome.copy}:\n${step.output.slice(-6000)}`,
        ).toBe(0);
      }
      const scripts = ["install", "test", ...(example.build ? ["run build"] : [])];
      expect(outcome.steps.map((step) => step.script)).toEqual(scripts);
      const test = outcome.steps[1]?.output ?? "";
      expect(passedCount(test), test.slice(-3000)).toBe(example.passed);
      if (example.prints) {
        const lines = test.split("\n");
        const start = lines.indexOf(example.prints[0] ?? "");
        expect(lines.slice(start, start + example.prints.length)).toEqual(example.prints);
      }
    },
    1_800_000,
  );
});
