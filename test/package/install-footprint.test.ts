// What `npm install plant-store-sdk` puts on a user's disk. Ajv compiles the response
// validators at generate time (src/contract/generated), so it is a devDependency: nothing in
// dist may import it, and the install stays within the budget of issue 26. Uses the dist/
// that `npm test` builds first.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createConsumerProject, packPackage, repoRoot, run } from "./packed-project.js";

/**
 * `du -sb node_modules` of a fresh project with only the packed package installed. Issue 26
 * set 1.3 MB for the consolidation and 1.6 MB for the round, which ships the guides and adds
 * sandboxes, scenarios and assertions. Issue 37 added the TanStack Query entry's own files,
 * 60 kB: dist/tanstack-query (24.1 kB), its guide docs/frontend.md (15.9 kB) and its frontend
 * examples' copies in docs/examples.md (20.7 kB); all else it changed fits the room left.
 * Issues 35 and 36 took 1.70 MB: the lifecycle guide (docs/scenarios.md, sandboxes.md,
 * assertions.md) and the layout's smaller modules (1,669,789 B measured). Issue 39 took
 * 1.82 MB: the shadow proxy (src/server/shadow, in the ESM and CJS builds), the pact's
 * collector and types, and its guide docs/fidelity.md (1,802,495 B measured). Issue 38 took
 * 1.92 MB, 100 kB more: dist 84 kB (generatePlants' list of plant names, 11.5 kB in each of
 * ./mock's ESM and CJS builds; `when` and respondWith in every entry's CJS bundle), the guides
 * 12.5 kB (docs/scenarios.md's when and respondWith, msw.md's generated plants), the README,
 * CHANGELOG and admin document 3 kB (1,903,002 B measured). Issue 46 took 2.0 MB: the
 * Testcontainers entry, dist/testcontainers 46 kB (its CJS build, 33 kB, carries the SDK and
 * admin clients it hands out), and its guide docs/container.md, 12.5 kB (1,994,594 B measured).
 * Issue 47 added 50 kB of guides:
 * every example a project of its own, shown in full for a user to copy (each one's package.json,
 * tsconfig.json and tests: docs/examples.md 31.5 kB), the React Query example that
 * docs/frontend.md leads with (14.7 kB) and an install line on every guide; with the whole round merged (the shadow proxy's new modules, the Testcontainers entry), 2,111,462 B measured.
 */
const INSTALL_BUDGET_BYTES = 2_120_000;

const repoPackage = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
const cleanup: string[] = [];
afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

/** Every module specifier a built file imports or requires. */
function importsOf(text: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;
  return [...text.matchAll(pattern)].map((match) => match[1] as string);
}

describe("ajv stays off the default install", () => {
  it("is a pinned devDependency, not a dependency", () => {
    expect(repoPackage.dependencies).not.toHaveProperty("ajv");
    expect(repoPackage.devDependencies.ajv).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("is imported by no file of dist (its runtime helpers are bundled)", () => {
    const dist = join(repoRoot, "dist");
    const files = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((file) =>
      /\.(c?js)$/.test(file),
    );
    expect(files.length).toBeGreaterThan(10);
    const ajvImports = files.flatMap((file) =>
      importsOf(readFileSync(join(dist, file), "utf8"))
        .filter((specifier) => /^ajv(\/|$)/.test(specifier))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(ajvImports).toEqual([]);
  });

  it(`installs in at most ${INSTALL_BUDGET_BYTES / 1e6} MB`, async () => {
    const tarball = await packPackage();
    cleanup.push(dirname(tarball));
    const project = await createConsumerProject([tarball]);
    cleanup.push(project);
    const { stdout } = await run("du", ["-sb", "node_modules"], { cwd: project });
    const bytes = Number.parseInt(stdout, 10);
    console.info(
      `npm install of the packed package: ${bytes} B (budget ${INSTALL_BUDGET_BYTES} B)`,
    );
    expect(bytes).toBeLessThanOrEqual(INSTALL_BUDGET_BYTES);
    const installed = readdirSync(join(project, "node_modules")).filter((n) => !n.startsWith("."));
    expect(installed.sort()).toEqual([
      "openapi-fetch",
      "openapi-typescript-helpers",
      "plant-store-sdk",
    ]);
  }, 90_000);
});
