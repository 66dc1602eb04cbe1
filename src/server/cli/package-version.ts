import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The version in this package's package.json. Looked up by walking up from this file,
 * because the same code runs from src/server/cli (tests) and from dist/bin (installed).
 */
export function readPackageVersion(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 4; level++) {
    try {
      const json = JSON.parse(readFileSync(join(directory, "package.json"), "utf8"));
      if (json.name === "plant-store-sdk" && typeof json.version === "string") return json.version;
    } catch {
      // No package.json at this level: keep walking up.
    }
    directory = dirname(directory);
  }
  return "unknown";
}
