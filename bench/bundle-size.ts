// Benchmark 6: what each entry of the package costs a user's bundle: bundled with its
// dependencies (what actually ships), minified, and gzipped. The browser entries are bundled
// for the browser with msw external (a peer the user already has); `./server` and `./verify`
// for Node. Baseline: openapi-fetch, which the root entry is built on, bundled the same way
// (the server is plain node:http and has none). The root entry's budget is what it adds to
// that baseline; test/package/size-budget.test.ts holds it (size-limit), this table shows it.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { REPO_ROOT } from "./lib/processes.js";
import type { BenchResult } from "./lib/report.js";
import { ratio } from "./lib/report.js";

interface Entry {
  name: string;
  platform: "browser" | "node";
  /** A source file, or module code given to esbuild as stdin. */
  file?: string;
  code?: string;
  baseline?: string;
}

const OPENAPI_FETCH = "openapi-fetch alone";
const ROOT_ENTRY = "plant-store-sdk (.)";
/** 2.4 kB as size-limit counts it (1 kB = 1000 B); see docs/sdk-size-and-compatibility.md. */
const ROOT_ENTRY_BUDGET_BYTES = 2_400;

const entries: Entry[] = [
  { name: OPENAPI_FETCH, platform: "browser", code: 'export { default } from "openapi-fetch";' },
  {
    name: ROOT_ENTRY,
    platform: "browser",
    file: "src/client/index.ts",
    baseline: OPENAPI_FETCH,
  },
  { name: "plant-store-sdk/mock", platform: "browser", file: "src/mock/index.ts" },
  { name: "plant-store-sdk/msw", platform: "browser", file: "src/msw/index.ts" },
  { name: "plant-store-sdk/server", platform: "node", file: "src/server/index.ts" },
  { name: "plant-store-sdk/verify", platform: "node", file: "src/verify/index.ts" },
];

/** Marks the baseline rows themselves, so the table shows what the ratios divide by. */
function baselineMark(entry: Entry): string {
  return entries.some((other) => other.baseline === entry.name) ? "1.00x (baseline)" : "";
}

async function minifiedBytes(entry: Entry): Promise<Uint8Array> {
  const result = await build({
    ...(entry.file
      ? { entryPoints: [`${REPO_ROOT}${entry.file}`] }
      : { stdin: { contents: entry.code ?? "", resolveDir: REPO_ROOT, loader: "ts" } }),
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: entry.platform,
    target: entry.platform === "node" ? "node20" : "es2022",
    external: ["msw"],
    logLevel: "error",
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced nothing for ${entry.name}`);
  return output.contents;
}

export async function run(_options: { quick: boolean }): Promise<BenchResult> {
  const sizes = new Map<string, { min: number; gzip: number }>();
  for (const entry of entries) {
    const bytes = await minifiedBytes(entry);
    sizes.set(entry.name, {
      min: bytes.byteLength,
      gzip: gzipSync(bytes, { level: 9 }).byteLength,
    });
  }
  const rows = entries.map((entry) => {
    const size = sizes.get(entry.name) ?? { min: 0, gzip: 0 };
    const baseline = entry.baseline ? sizes.get(entry.baseline) : undefined;
    return [
      entry.name,
      entry.platform,
      (size.min / 1024).toFixed(1),
      (size.gzip / 1024).toFixed(1),
      baseline ? `${ratio(size.gzip, baseline.gzip)} ${entry.baseline}` : baselineMark(entry),
      baseline ? `+${size.gzip - baseline.gzip}` : "",
    ];
  });
  const added = (sizes.get(ROOT_ENTRY)?.gzip ?? 0) - (sizes.get(OPENAPI_FETCH)?.gzip ?? 0);
  return {
    tables: [
      {
        title: "6. Bundle size per entry (esbuild, minified, gzip -9)",
        baseline: `the library an entry is built on, bundled the same way; the ratio compares gzip sizes.`,
        columns: ["entry", "platform", "min kB", "gzip kB", "gzip vs baseline", "gzip B added"],
        rows,
        notes: [
          "Dependencies bundled in (what ships to a user), msw external (a peer dependency). kB = 1024 bytes.",
        ],
      },
    ],
    targets: [
      {
        target: `root entry adds <= ${ROOT_ENTRY_BUDGET_BYTES} B min+gzip to ${OPENAPI_FETCH}`,
        measured: `${added} B`,
        pass: added <= ROOT_ENTRY_BUDGET_BYTES,
      },
    ],
  };
}
