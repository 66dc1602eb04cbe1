// Runs every story of src/plant-list.stories.tsx in Vitest (jsdom, see vitest.config.ts), with
// Storybook's portable stories: each story's loader builds its world, its play function checks
// what the page shows. In the browser msw-storybook-addon starts MSW's service worker
// (public/mockServiceWorker.js); here msw/node stands in for it.
import { composeStories, composeStory, setProjectAnnotations } from "@storybook/react-vite";
import { HttpResponse, http } from "msw";
import type { SetupWorker } from "msw/browser";
import { setupServer } from "msw/node";
import { mswLoader } from "msw-storybook-addon/csf3";
import { afterAll, describe, expect, it } from "vitest";
import preview from "../.storybook/preview.js";
import * as stories from "../src/plant-list.stories.js";

const server = setupServer();
afterAll(() => server.close());
setProjectAnnotations([
  // The addon keeps the first MSW it starts for every story: this loader runs before preview's.
  // It asks its MSW for use() and resetHandlers(), which msw/node's server has too.
  {
    loaders: [
      mswLoader(async () => {
        server.listen({ onUnhandledRequest: "error" });
        return server as unknown as SetupWorker;
      }),
    ],
  },
  preview,
]);

const all = composeStories(stories);

describe("the PlantList stories", () => {
  it.each(Object.entries(all))("%s shows what its play function expects", async (_name, Story) => {
    await Story.run();
  });

  it("start from their own world every time they render", async () => {
    await all.SlowCreate.run(); // adds a plant to an empty store
    await all.SlowCreate.run(); // and finds the store empty again
  });

  it("fail when a handler breaks the contract", async () => {
    const broken = composeStory(
      {
        ...stories.DefaultSeed,
        // After the story's loaders: an answer ahead of the story's handler set, which is not a
        // list of plants.
        beforeEach: ({ msw }) => {
          msw.use(http.get("https://plant-store.example/v1/plants", () => HttpResponse.json([{}])));
        },
      },
      stories.default,
    );
    await expect(broken.run()).rejects.toThrow(/listitem/);
  });
});
