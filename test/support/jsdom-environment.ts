// A Vitest environment with jsdom's window, for the React, Vue and Storybook tests: a test file
// names it in its first line, `// @vitest-environment test-tools-jsdom` (vitest.config.ts maps
// that name to this file).
// Vitest's own "jsdom" environment imports jsdom from Vitest's folder, and jsdom lives in
// test-tools/ (scripts/test-tools.ts), so this one imports it through tsconfig.json's `paths`
// and fills the globals the same way (populateGlobal). Like Vitest's, it leaves Node's fetch,
// Request and AbortController in place: the SDK, MSW and TanStack Query share one AbortSignal.
import { JSDOM } from "jsdom";
import { type Environment, populateGlobal } from "vitest/runtime";

const environment: Environment = {
  name: "jsdom-from-test-tools",
  viteEnvironment: "ssr",
  async setup(global) {
    const dom = new JSDOM("<!DOCTYPE html>", {
      url: "http://localhost:3000",
      pretendToBeVisual: true,
    });
    const { keys, originals } = populateGlobal(global, dom.window, { bindFunctions: true });
    return {
      teardown(global) {
        dom.window.close();
        for (const key of keys) delete global[key];
        for (const [key, value] of originals) global[key] = value;
      },
    };
  },
};

export default environment;
