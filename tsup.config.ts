import { defineConfig } from "tsup";

// Library entries ship as ESM and CJS with declarations; the CLIs are ESM only. msw stays
// external: only the ./msw entry imports it, and the user installs it (optional peer). The
// few helpers of Ajv's runtime that the generated validators import are bundled, so Ajv
// itself stays a devDependency (src/contract/generated, scripts/generate-contract.ts).
const bundledAjvRuntime = [/^ajv\/dist\/runtime\//];
const library = {
  index: "src/client/index.ts",
  "mock/index": "src/mock/index.ts",
  "msw/index": "src/msw/index.ts",
  "server/index": "src/server/index.ts",
  "verify/index": "src/verify/index.ts",
  "admin/index": "src/admin/index.ts",
  "tanstack-query/index": "src/tanstack-query/index.ts",
  "matchers/index": "src/matchers/index.ts",
  "matchers/vitest": "src/matchers/vitest.ts",
  "matchers/jest": "src/matchers/jest.ts",
  "matchers/bun": "src/matchers/bun.ts",
};
const shared = {
  // src/ only, without tsconfig.json's `paths` into test-tools/: the build needs the root's
  // install alone (the declarations take @tanstack/query-core's types from its devDependency).
  tsconfig: "tsconfig.build.json",
  target: "es2022",
  sourcemap: false,
  treeshake: true,
  // The matchers' runner entries only augment the runner's types; the runner is the user's.
  external: ["msw", "vitest", "expect", "bun:test"],
  noExternal: bundledAjvRuntime,
  // Two builds write dist/ side by side; `npm run build` empties it first (no race of cleans).
  clean: false,
};
export default defineConfig([
  // The CLIs are built with the ESM entries, so they share their chunks instead of carrying
  // a second copy of the server and the verifier (about 190 kB of the install).
  {
    ...shared,
    entry: {
      ...library,
      "bin/plant-store-mock": "src/server/cli/plant-store-mock.ts",
      "bin/plant-store-verify": "src/verify/cli/plant-store-verify.ts",
    },
    format: ["esm"],
    dts: { entry: library },
  },
  { ...shared, entry: library, format: ["cjs"], dts: true },
]);
