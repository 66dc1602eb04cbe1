// Builds throwaway consumer projects from the packed package, as `npm install` would give
// them to a user. Uses the dist/ that `npm test` builds first.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const run = promisify(execFile);
export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** `npm pack`s the repository into a new temp directory; returns the tarball's path. */
export async function packPackage(): Promise<string> {
  if (!existsSync(join(repoRoot, "dist/index.js"))) {
    throw new Error("dist/ is missing: run `npm run build` first (npm test does)");
  }
  const destination = mkdtempSync(join(tmpdir(), "plant-store-pack-"));
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", destination], {
    cwd: repoRoot,
  });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  return join(destination, filename);
}

/** A fresh ESM project with `packages` installed (tarball paths or name@version specs). */
export async function createConsumerProject(packages: string[]): Promise<string> {
  const project = mkdtempSync(join(tmpdir(), "plant-store-consumer-"));
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  // --prefer-offline: everything is normally in the npm cache already, so this stays quick.
  await run(
    "npm",
    ["install", ...packages, "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"],
    { cwd: project },
  ).catch((error: unknown) => {
    rmSync(project, { recursive: true, force: true });
    throw error;
  });
  return project;
}
