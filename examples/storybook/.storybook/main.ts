// Storybook for React on Vite, with msw-storybook-addon. public/ holds MSW's service worker
// script, which the addon starts (`npx msw init public` writes it; it is committed, since npm
// does not run msw's install script).
import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: ["../src/**/*.stories.tsx"],
  addons: ["msw-storybook-addon"],
  staticDirs: ["../public"],
};

export default config;
