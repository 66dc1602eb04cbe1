// plant-store-sdk/tanstack-query loaded through both its builds, as an app whose own code
// imports the ESM build while a CommonJS dependency requires the CJS one: one client still has
// one owner of its cache, so a create made with one build's options invalidates the lists made
// with the other's, and another client's lists stay as they are. Uses the dist/ that `npm test`
// builds first (`npm run build`).
import { createRequire } from "node:module";
import { QueryClient } from "@tanstack/query-core";
import { describe, expect, it } from "vitest";
import * as esmSdk from "../../dist/index.js";
import * as esmMock from "../../dist/mock/index.js";
import * as esmQueries from "../../dist/tanstack-query/index.js";

const require = createRequire(import.meta.url);
const cjsQueries = require("../../dist/tanstack-query/index.cjs") as typeof esmQueries;

const baseUrl = "https://plant-store.test";

/** A client on its own fetch handler, counting the lists it sends. */
function plantStoreClient(token: string) {
  const handler = esmMock.createPlantStoreFetchHandler({ seed: [{ name: "Fern" }] });
  let lists = 0;
  const client = esmSdk.createPlantStoreClient({
    baseUrl,
    token,
    fetch: (input: Request) => {
      if (input.method === "GET") lists++;
      return handler(input);
    },
  });
  return { client, lists: () => lists };
}

describe("the ESM and CJS builds of plant-store-sdk/tanstack-query", () => {
  it("are really two copies of the module", () => {
    expect(cjsQueries.createPlantStoreQueries).not.toBe(esmQueries.createPlantStoreQueries);
  });

  it.each([
    ["lists made with the ESM build, a create with the CJS build", esmQueries, cjsQueries],
    ["lists made with the CJS build, a create with the ESM build", cjsQueries, esmQueries],
  ])("give one client one key: %s invalidates them", async (_, listing, creating) => {
    const { client, lists } = plantStoreClient("both-builds-token");
    const queryClient = new QueryClient();
    const listed = listing.createPlantStoreQueries(client);
    const creator = creating.createPlantStoreQueries(client);
    expect(creator.keys.all).toEqual(listed.keys.all);

    const before = await queryClient.fetchQuery(listed.listPlants());
    expect(before).toEqual([{ name: "Fern" }]);
    const observer = queryClient.getQueryCache().find({ queryKey: listed.listPlants().queryKey });
    expect(observer?.state.isInvalidated).toBe(false);

    const create = creator.createPlant();
    await create.mutationFn?.({ name: "Ivy" }, { client: queryClient } as never);
    expect(observer?.state.isInvalidated).toBe(true);
    // The next read goes to the server again and holds the new plant.
    expect(await queryClient.fetchQuery(listed.listPlants())).toEqual([
      { name: "Fern" },
      { name: "Ivy" },
    ]);
    expect(lists()).toBe(2);
  });

  it("keep another client's lists as they are, whichever build made them", async () => {
    const first = plantStoreClient("both-builds-first");
    const second = plantStoreClient("both-builds-second");
    const queryClient = new QueryClient();
    const secondLists = cjsQueries.createPlantStoreQueries(second.client);
    await queryClient.fetchQuery(secondLists.listPlants());
    await esmQueries
      .createPlantStoreQueries(first.client)
      .createPlant()
      .mutationFn?.({ name: "Ivy" }, { client: queryClient } as never);
    const query = queryClient.getQueryCache().find({ queryKey: secondLists.listPlants().queryKey });
    expect(query?.state.isInvalidated).toBe(false);
    expect(esmQueries.createPlantStoreQueries(first.client).keys.all).not.toEqual(
      secondLists.keys.all,
    );
  });
});
