// The runtime tests run the built package (dist/), as a user's runtime would load it.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));

export function requireDist(): void {
  for (const entry of ["dist/index.js", "dist/mock/index.js"]) {
    if (!existsSync(`${repoRoot}/${entry}`)) {
      throw new Error(`${entry} is missing: run \`npm run build\` first (npm test does)`);
    }
  }
}
