// Every story starts with MSW running (msw-storybook-addon's loader starts the service worker
// once, and clears the handlers between stories); each story then installs its own world.
import type { Preview } from "@storybook/react-vite";
import { mswLoader } from "msw-storybook-addon/csf3";

const preview: Preview = {
  loaders: [mswLoader()],
};

export default preview;
