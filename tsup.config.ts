import { defineConfig } from "tsup";

// Library entries ship as ESM and CJS with declarations; the CLIs are ESM only. msw stays
// external: only the ./msw entry imports it, and the user installs it (optional peer). The
// few helpers of Ajv's runtime that the generated validators import are bundled, so Ajv
// itself stays a devDependency (src/contract/generated, scripts/generate-contract.ts).
const bundledAjvRuntime = [/^ajv\/dist\/runtime\//];
export default defineConfig([
  {
    entry: {
      index: "src/client/index.ts",
      "mock/index": "src/mock/index.ts",
      "msw/index": "src/msw/index.ts",
      "server/index": "src/server/index.ts",
      "verify/index": "src/verify/index.ts",
      "admin/index": "src/admin/index.ts",
      "matchers/index": "src/matchers/index.ts",
      "matchers/vitest": "src/matchers/vitest.ts",
      "matchers/jest": "src/matchers/jest.ts",
    },
    format: ["esm", "cjs"],
    dts: true,
    clean: true,
    target: "es2022",
    sourcemap: false,
    treeshake: true,
    // The matchers' runner entries only augment the runner's types; the runner is the user's.
    external: ["msw", "vitest", "expect"],
    noExternal: bundledAjvRuntime,
  },
  {
    entry: {
      "bin/plant-store-mock": "src/server/cli/plant-store-mock.ts",
      "bin/plant-store-verify": "src/verify/cli/plant-store-verify.ts",
    },
    format: ["esm"],
    platform: "node",
    target: "node20",
    external: ["msw"],
    noExternal: bundledAjvRuntime,
  },
]);
