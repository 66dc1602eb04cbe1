// The size budget of the root entry is relative: what the SDK adds to openapi-fetch, bundled
// the same way (size-limit: esbuild, minified, gzip), so a newer or larger openapi-fetch never
// counts against it and an old one never earns room. Uses the dist/ that `npm test` builds first.
import { join } from "node:path";
import { expect, it } from "vitest";
import { repoRoot, run } from "./packed-project.js";

/**
 * 3.2 kB as size-limit counts it (1 kB = 1000 B): the 3.0 kB issue 26 set for the SDK's checks,
 * time limits, retries and error classes on one openapi-fetch client, and the 0.2 kB issue 36
 * gave for the SDK taking its plant-name, limit, base-URL and number rules from src/contract
 * (one home each, shared with the server) instead of copies of its own. The figures and their
 * history are in docs/performance.md.
 */
const BUDGET_BYTES = 3_200;

it("the root entry adds at most 3.2 kB min+gzip to openapi-fetch alone", async () => {
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
