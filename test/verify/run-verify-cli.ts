import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "tsup";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface VerifyCli {
  run(args: readonly string[], env?: Record<string, string>): Promise<CliRun>;
  remove(): Promise<void>;
}

/**
 * Bundles plant-store-verify from source the way tsup.config.ts builds the bin, into a
 * private folder inside the project (so its dependencies resolve from node_modules). Each
 * run is then a plain `node` process: a fraction of a second instead of a tsx start.
 */
export async function buildVerifyCli(): Promise<VerifyCli> {
  await mkdir(join(root, ".tmp"), { recursive: true });
  const outDir = await mkdtemp(join(root, ".tmp", "verify-cli-"));
  await build({
    entry: { "plant-store-verify": "src/verify/cli/plant-store-verify.ts" },
    format: ["esm"],
    platform: "node",
    target: "node20",
    outDir,
    config: false,
    silent: true,
  });
  const file = join(outDir, "plant-store-verify.js");
  return {
    run: (args, env = {}) => runNode(file, args, env),
    remove: () => rm(outDir, { recursive: true, force: true }),
  };
}

function runNode(file: string, args: readonly string[], env: Record<string, string>) {
  return new Promise<CliRun>((resolve) => {
    execFile(
      process.execPath,
      [file, ...args],
      // No inherited PLANT_STORE_* variables: each test says which token it passes.
      { cwd: root, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
