// The stories run in jsdom: Testing Library (inside storybook/test) renders them into its page.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { environment: "jsdom" },
});
