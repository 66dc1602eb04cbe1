// `npm run conformance`: runs test/conformance alone, then prints the one-line summary from
// the counts each test file left in .tmp/conformance/ (see test/conformance/harness/conformance-ledger.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";

const ledgerDirectory = ".tmp/conformance";
rmSync(ledgerDirectory, { recursive: true, force: true });

const vitest = spawnSync(
  "node_modules/.bin/vitest",
  ["run", "test/conformance", ...process.argv.slice(2)],
  {
    stdio: "inherit",
  },
);

const ledgers = existsSync(ledgerDirectory)
  ? readdirSync(ledgerDirectory).map((file) =>
      JSON.parse(readFileSync(`${ledgerDirectory}/${file}`, "utf8")),
    )
  : [];
const sum = (list, key) => list.reduce((total, ledger) => total + ledger[key], 0);
const real = ledgers.filter((ledger) => !ledger.planted);
const planted = ledgers.filter((ledger) => ledger.planted);

if (planted.length > 0) {
  console.log(
    `negative control: ${sum(planted, "requests")} requests to a deliberately wrong upstream, ${sum(planted, "violations")} planted violations flagged`,
  );
}
console.log(
  `conformance: ${sum(real, "requests")} requests sent, ${sum(real, "violations")} violations found`,
);
process.exit(vitest.status ?? 1);
