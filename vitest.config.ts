import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const testTools = fileURLToPath(new URL("./test-tools/node_modules/", import.meta.url));

export default defineConfig({
  resolve: {
    // examples/tsconfig.json maps "plant-store-sdk/*" to src/, so the examples run as written;
    // tsconfig.json maps the test tools' modules to test-tools/ (scripts/test-tools.ts).
    tsconfigPaths: true,
    alias: [
      // React's and jsdom's code, whose types tsconfig.json's `paths` name instead.
      { find: /^(react|react-dom|jsdom)(\/.*)?$/, replacement: `${testTools}$1$2` },
      // `// @vitest-environment test-tools-jsdom`: jsdom from test-tools/ (the file says why).
      {
        find: "vitest-environment-test-tools-jsdom",
        replacement: fileURLToPath(new URL("./test/support/jsdom-environment.ts", import.meta.url)),
      },
    ],
  },
  test: {
    include: ["test/**/*.test.ts", "examples/*/test/**/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: ".tmp/vitest-results.json" },
  },
});
