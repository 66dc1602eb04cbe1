// A Vitest watch session as a user has one (pact-watch-mode.test.ts runs it in its own
// process): two test files record with the built package, the reporter writes the pact, then
// one file is edited and Vitest's watcher reruns it. Prints the pact's interaction
// descriptions after each run, as JSON.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createVitest } from "vitest/node";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const dist = (entry) => pathToFileURL(join(repo, "dist", entry)).href;
const { PlantStoreCoverageReporter } = await import(dist("matchers/vitest.js"));

// Under the repository, so the test files resolve its vitest.
const root = join(repo, ".tmp", `vitest-watch-${process.pid}`);
mkdirSync(root, { recursive: true });

/** A test file that sends `request` to a store of its own and records it in afterAll. */
function writeTestFile(name, request) {
  writeFileSync(
    join(root, name),
    `import { afterAll, it } from "vitest";
import { recordCoverage } from ${JSON.stringify(dist("matchers/vitest.js"))};
import { createPlantStoreFetchHandler } from ${JSON.stringify(dist("mock/index.js"))};
const plantStore = createPlantStoreFetchHandler({ seed: [] });
it("sends", () => plantStore(${request}));
afterAll(() => recordCoverage(plantStore));
`,
  );
}

const headers = '{ authorization: "Bearer watch-token", "content-type": "application/json" }';
const list = (query) =>
  `new Request("http://plant-store.test/plants${query}", { headers: ${headers} })`;
writeTestFile("list.test.ts", list(""));
writeTestFile(
  "create.test.ts",
  `new Request("http://plant-store.test/plants", { method: "POST", headers: ${headers}, body: '{"name":"Fern"}' })`,
);

const reporter = new PlantStoreCoverageReporter({
  print: () => {},
  pact: { consumer: "plant-web", provider: "plant-store" },
});
const descriptions = () =>
  JSON.parse(readFileSync(join(root, "pacts/plant-web-plant-store.json"), "utf8")).interactions.map(
    (interaction) => interaction.description,
  );
/** Resolves when the next run ends (a reporter of its own beside the one under test). */
let runEnded = () => {};
const nextRunEnd = () => new Promise((resolve) => (runEnded = resolve));
const vitest = await createVitest("test", {
  root,
  config: false,
  watch: true,
  include: ["*.test.ts"],
  reporters: [reporter, { onTestRunEnd: () => runEnded() }],
});
try {
  await vitest.start();
  const first = descriptions();
  const rerun = nextRunEnd();
  writeTestFile("list.test.ts", list("?limit=0"));
  await rerun;
  console.log(JSON.stringify({ first, afterRerun: descriptions() }));
} finally {
  await vitest.close();
  rmSync(root, { recursive: true, force: true });
}
