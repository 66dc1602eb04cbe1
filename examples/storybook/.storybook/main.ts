// Storybook for React on Vite, with msw-storybook-addon. Before `npx storybook dev`, run
// `npx msw init public` once: it writes MSW's service worker script, which the addon starts.
import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: ["../src/**/*.stories.tsx"],
  addons: ["msw-storybook-addon"],
  staticDirs: ["../public"],
};

export default config;
