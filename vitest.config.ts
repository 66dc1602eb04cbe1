import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";

/**
 * The frontend test tools in test-tools/ (scripts/test-tools.ts): their code is resolved as
 * test-tools/ itself resolves it (package exports, subpaths such as `storybook/test`), so every
 * importer gets the one copy those tools load each other with. tsconfig.json's `paths` name
 * their types, which for React and jsdom live apart, in @types/.
 */
function codeFromTestTools(): Plugin {
  const importer = fileURLToPath(new URL("./test-tools/package.json", import.meta.url));
  const modules =
    /^(react|react-dom|jsdom|vue|swr|storybook|msw-storybook-addon|@(storybook|tanstack|testing-library|msw)\/[^/]+)(\/.*)?$/;
  return {
    name: "code-from-test-tools",
    enforce: "pre",
    resolveId(source, _importer, options) {
      return modules.test(source)
        ? this.resolve(source, importer, { ...options, skipSelf: true })
        : null;
    },
  };
}

export default defineConfig({
  plugins: [codeFromTestTools()],
  resolve: {
    // tsconfig.json maps the test tools' modules to test-tools/ (scripts/test-tools.ts).
    tsconfigPaths: true,
    alias: {
      // `// @vitest-environment test-tools-jsdom`: jsdom from test-tools/ (the file says why).
      "vitest-environment-test-tools-jsdom": fileURLToPath(
        new URL("./test/support/jsdom-environment.ts", import.meta.url),
      ),
    },
  },
  test: {
    // Not examples/: each is a project of its own, run by test/examples/examples.test.ts.
    include: ["test/**/*.test.ts"],
    typecheck: {
      enabled: true,
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: ".tmp/vitest-results.json" },
  },
});
