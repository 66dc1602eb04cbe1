import { defineConfig } from "vitest/config";

export default defineConfig({
  // examples/tsconfig.json maps "plant-store-sdk/*" to src/, so the examples run as written.
  resolve: { tsconfigPaths: true },
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
