// Writes openapi.yaml as a TypeScript module for plant-store-verify. The verifier validates
// against this compiled-in copy instead of reading openapi.yaml from disk at run time, so it
// works the same from src (vitest), dist/server (ESM and CJS), dist/bin and inside a user's
// bundle, with no path guessing and no YAML parser at run time. test/verify checks that the
// copy still equals openapi.yaml.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const root = fileURLToPath(new URL("..", import.meta.url));
const target = "src/verify/generated/openapi-document.ts";

const document: unknown = parse(readFileSync(`${root}openapi.yaml`, "utf8"));
const source = `// Generated from openapi.yaml by scripts/generate-openapi-document.ts (npm run generate).
// Do not edit: change openapi.yaml and regenerate.
export const openApiDocument = ${JSON.stringify(document, null, 2)} as const;
`;
writeFileSync(`${root}${target}`, source);
// Biome's layout differs from JSON.stringify's; format so that \`biome ci\` stays green.
execFileSync(`${root}node_modules/.bin/biome`, ["format", "--write", target], {
  cwd: root,
  stdio: "ignore",
});
console.log(`wrote ${target}`);
