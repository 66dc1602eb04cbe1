// The size budget of the root entry is relative: what the SDK adds to openapi-fetch, bundled
// the same way (size-limit: esbuild, minified, gzip), so a newer or larger openapi-fetch never
// counts against it and an old one never earns room. Uses the dist/ that `npm test` builds first.
import { join } from "node:path";
import { expect, it } from "vitest";
import { repoRoot, run } from "./packed-project.js";

/**
 * 2.4 kB as size-limit counts it (1 kB = 1000 B). The first budget, 1.4 kB, predates the
 * SDK's option checks and time-limit guarantees; docs/sdk-size-and-compatibility.md says why
 * they won over it.
 */
const BUDGET_BYTES = 2_400;

it("the root entry adds at most 2.4 kB min+gzip to openapi-fetch alone", async () => {
  const sizeLimit = join(repoRoot, "node_modules/size-limit/bin.js");
  const { stdout } = await run(process.execPath, [sizeLimit, "--json"], { cwd: repoRoot });
  const [alone, root] = (JSON.parse(stdout) as { name: string; size: number }[]).map(
    (check) => check.size,
  );
  if (alone === undefined || root === undefined) throw new Error(`size-limit said: ${stdout}`);
  const added = root - alone;
  const summary = `root entry ${root} B = openapi-fetch alone ${alone} B + ${added} B added (budget ${BUDGET_BYTES} B)`;
  console.info(summary);
  expect(added, summary).toBeLessThanOrEqual(BUDGET_BYTES);
}, 60_000);
