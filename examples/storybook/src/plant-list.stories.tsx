// The PlantList stories. Each builds its own world in a loader: an MSW handler set of the Plant
// Store (plant-store-sdk/msw) with the story's seed, tokens and scenario, installed on the
// worker msw-storybook-addon started, and an SDK client and QueryClient made for this render.
// So no story sees another's plants or faults, however often it is rendered.
import type { Loader, Meta, StoryObj } from "@storybook/react-vite";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createPlantStoreClient } from "plant-store-sdk";
import type { SeedPlant } from "plant-store-sdk/mock";
import { createPlantStoreHandlers, type PlantStoreHandlers } from "plant-store-sdk/msw";
import { createPlantStoreQueries, type PlantStoreQueries } from "plant-store-sdk/tanstack-query";
import { expect, userEvent } from "storybook/test";
import { PlantList } from "./plant-list.js";

const baseUrl = "https://plant-store.example/v1";

interface World {
  /** The plants the store starts with; the handler set's own five without one. */
  seed?: SeedPlant[];
  /** The tokens the store accepts; any well-formed one without a list. */
  tokens?: string[];
  /** What goes wrong, set on the story's handler set before the component renders. */
  prepare?: (plantStore: PlantStoreHandlers) => void;
}

interface Loaded {
  queries: PlantStoreQueries;
  queryClient: QueryClient;
}

function world({ seed, tokens, prepare }: World): Loader {
  return ({ msw }): Loaded => {
    const plantStore = createPlantStoreHandlers({ baseUrl, seed, tokens });
    prepare?.(plantStore);
    msw.use(...plantStore.handlers);
    // Retries stay on (a 503 is retried twice) without the backoff waits.
    const client = createPlantStoreClient({
      baseUrl,
      token: "story-user",
      retries: { maxDelay: 0 },
    });
    return { queries: createPlantStoreQueries(client), queryClient: new QueryClient() };
  };
}

const meta = {
  title: "PlantList",
  render: (_args, { loaded }) => {
    const { queries, queryClient } = loaded as Loaded;
    return (
      <QueryClientProvider client={queryClient}>
        <PlantList queries={queries} />
      </QueryClientProvider>
    );
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const DefaultSeed: Story = {
  loaders: [world({})],
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByRole("listitem")).toHaveLength(5);
  },
};

export const EmptyStore: Story = {
  loaders: [world({ seed: [] })],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("No plants yet.")).toBeVisible();
  },
};

export const TwoHundredPlants: Story = {
  loaders: [
    world({ seed: Array.from({ length: 200 }, (_, i) => ({ name: `Fern no. ${i + 1}` })) }),
  ],
  play: async ({ canvas }) => {
    const items = await canvas.findAllByRole("listitem");
    await expect(items).toHaveLength(200);
    await expect(items.at(-1)).toHaveTextContent("Fern no. 200");
  },
};

export const Outage: Story = {
  loaders: [
    world({
      prepare: (plantStore) =>
        plantStore.failNext("listPlants", {
          status: 503,
          message: "The store is being repotted.",
          times: Number.POSITIVE_INFINITY,
        }),
    }),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "Could not load the plants: The store is being repotted. (503)",
    );
  },
};

export const SlowCreate: Story = {
  loaders: [world({ seed: [], prepare: (plantStore) => plantStore.delayNext("createPlant", 800) })],
  play: async ({ canvas }) => {
    await canvas.findByText("No plants yet.");
    await userEvent.type(canvas.getByLabelText("Name"), "Calathea");
    await userEvent.click(canvas.getByRole("button", { name: "Add plant" }));
    await expect(canvas.getByRole("button", { name: "Adding…" })).toBeDisabled();
    await expect(await canvas.findByRole("listitem", {}, { timeout: 5_000 })).toHaveTextContent(
      "Calathea",
    );
    await expect(canvas.getByRole("button", { name: "Add plant" })).toBeEnabled();
  },
};

export const Unauthorized: Story = {
  loaders: [world({ tokens: ["someone-else"] })],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      /^Could not load the plants: .+ \(401\)$/,
    );
  },
};
