// The component with the real SDK client and TanStack Query, its requests answered by the
// Plant Store's MSW handlers in this process: no server, no mock of fetch. Each test gets a
// fresh QueryClient (no cached list leaks into the next test) and the store is reset after it.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { createPlantStoreClient } from "plant-store-sdk";
import { plantStoreMatchers } from "plant-store-sdk/matchers/vitest";
import { createPlantStoreHandlers } from "plant-store-sdk/msw";
import { createPlantStoreQueries } from "plant-store-sdk/tanstack-query";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { PlantList } from "../src/plant-list";

expect.extend(plantStoreMatchers);

const baseUrl = "https://plant-store.test/v1";
const SEED = [{ name: "Monstera" }, { name: "Pothos" }, { name: "Snake plant" }];
const plantStore = createPlantStoreHandlers({ baseUrl, seed: SEED });
const server = setupServer(...plantStore.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  cleanup();
  plantStore.reset(); // the seed back, every scenario cleared, the journal emptied
});
afterAll(() => server.close());

function renderPlantList(limit: number) {
  const queryClient = new QueryClient();
  // Retries stay on (a 503 is retried twice) without the backoff waits.
  const client = createPlantStoreClient({ baseUrl, token: "test-user", retries: { maxDelay: 0 } });
  render(
    <QueryClientProvider client={queryClient}>
      <PlantList queries={createPlantStoreQueries(client)} limit={limit} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function shownPlants(): Promise<string[]> {
  const items = await within(await screen.findByRole("list")).findAllByRole("listitem");
  return items.map((item) => item.textContent ?? "");
}

async function addPlant(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.type(screen.getByLabelText("Name"), name);
  await user.click(screen.getByRole("button", { name: "Add plant" }));
}

it("lists the first plants, up to the limit", async () => {
  renderPlantList(2);
  expect(await shownPlants()).toEqual(["Monstera", "Pothos"]);
  expect(plantStore).toHaveReceived("listPlants", { query: { limit: 2 } });
});

it("adds a plant, and the list refetches with it", async () => {
  const user = renderPlantList(10);
  await shownPlants();
  await addPlant(user, "Calathea");
  expect(await screen.findByRole("status")).toHaveProperty("textContent", "Added Calathea.");
  expect(await shownPlants()).toEqual(["Monstera", "Pothos", "Snake plant", "Calathea"]);
  expect(plantStore).toHaveReceived("createPlant", { status: 201, body: { name: "Calathea" } });
  expect(plantStore).toHaveReceivedTimes("listPlants", 2);
});

it("refetches a full list too, which keeps its oldest plants", async () => {
  const user = renderPlantList(2);
  await shownPlants();
  await addPlant(user, "Calathea");
  expect(await screen.findByRole("status")).toHaveProperty("textContent", "Added Calathea.");
  expect(plantStore).toHaveReceivedTimes("listPlants", 2);
  expect(await shownPlants()).toEqual(["Monstera", "Pothos"]);
});

it("shows the store's sentence when the list cannot load", async () => {
  // Three 503s: the first answer and the client's two retries.
  plantStore.failNext("listPlants", {
    status: 503,
    message: "The store is being repotted.",
    times: 3,
  });
  renderPlantList(10);
  expect(await screen.findByRole("alert")).toHaveProperty(
    "textContent",
    "Could not load the plants: The store is being repotted. (503)",
  );
});

it("fails only the create its scenario names", async () => {
  plantStore.failNext("createPlant", {
    status: 409,
    message: "Ivy is already in the store.",
    when: { body: { name: "Ivy" } },
  });
  const user = renderPlantList(10);
  await shownPlants();
  await addPlant(user, "Fern");
  expect(await screen.findByRole("status")).toHaveProperty("textContent", "Added Fern.");
  await addPlant(user, "Ivy");
  expect(await screen.findByRole("alert")).toHaveProperty(
    "textContent",
    "Could not add the plant: Ivy is already in the store. (409)",
  );
  expect(await shownPlants()).toEqual(["Monstera", "Pothos", "Snake plant", "Fern"]);
});
