// What a user's editor infers from plant-store-sdk/tanstack-query, read from dist/ as a user's
// project reads it: no annotation at the call site, in React Query, Vue Query and TanStack's
// core (which Solid, Svelte and Angular Query hand the options to). Vue's own QueryClient is
// typed by its own copy of query-core here (vue-query 5.104 pins one), so the tagged keys are
// checked against React's QueryClient; test/package/tanstack-query-peers.test.ts checks them
// in a project holding Vue Query alone.
import { QueryClient as CoreQueryClient, QueryObserver } from "@tanstack/query-core";
import { QueryClient, useMutation, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useMutation as useVueMutation, useQuery as useVueQuery } from "@tanstack/vue-query";
import { createPlantStoreClient, type NewPlant, type Plant } from "plant-store-sdk";
import {
  createPlantStoreQueries,
  type PlantStoreListPlantsKey,
  type PlantStoreQueryError,
} from "plant-store-sdk/tanstack-query";
import { describe, expectTypeOf, it } from "vitest";
import type { Ref } from "vue";

const client = createPlantStoreClient({ baseUrl: "https://api.example.com/v1", token: "t" });
const queries = createPlantStoreQueries(client, { scope: "user-1" });
const queryClient = new QueryClient();

describe("listPlants(params)", () => {
  it("gives Plant[] to useQuery, useSuspenseQuery, fetchQuery and a core QueryObserver", () => {
    const list = useQuery(queries.listPlants({ limit: 2 }));
    expectTypeOf(list.data).toEqualTypeOf<Plant[] | undefined>();
    expectTypeOf(list.error).toEqualTypeOf<PlantStoreQueryError | null>();
    expectTypeOf(useSuspenseQuery(queries.listPlants()).data).toEqualTypeOf<Plant[]>();
    expectTypeOf(queryClient.fetchQuery(queries.listPlants())).resolves.toEqualTypeOf<Plant[]>();
    expectTypeOf(queryClient.prefetchQuery(queries.listPlants())).resolves.toBeVoid();
    const observer = new QueryObserver(new CoreQueryClient(), queries.listPlants());
    expectTypeOf(observer.getCurrentResult().data).toEqualTypeOf<Plant[] | undefined>();
  });

  it("gives Plant[] to Vue Query's useQuery", () => {
    const list = useVueQuery(queries.listPlants());
    expectTypeOf(list.data).toEqualTypeOf<Ref<Plant[]> | Ref<undefined>>(); // as frontend.md says
    expectTypeOf(list.data.value).toEqualTypeOf<Plant[] | undefined>();
    expectTypeOf(list.error).toEqualTypeOf<Ref<PlantStoreQueryError> | Ref<null>>();
  });

  it("keeps its own options open to the app's", () => {
    const list = useQuery({ ...queries.listPlants(), select: (plants) => plants.length });
    expectTypeOf(list.data).toEqualTypeOf<number | undefined>();
  });

  it("takes a limit and nothing else", () => {
    // @ts-expect-error: limit is a number
    queries.listPlants({ limit: "2" });
    // @ts-expect-error: the list has no offset
    queries.listPlants({ offset: 2 });
  });
});

describe("the keys", () => {
  it("type what the cache holds under them (DataTag)", () => {
    const key = queries.listPlants({ limit: 2 }).queryKey;
    expectTypeOf(queryClient.getQueryData(key)).toEqualTypeOf<Plant[] | undefined>();
    expectTypeOf(queryClient.getQueryState(key)?.error).toEqualTypeOf<
      PlantStoreQueryError | null | undefined
    >();
    queryClient.setQueryData(key, (old) => {
      expectTypeOf(old).toEqualTypeOf<Plant[] | undefined>();
      return [...(old ?? []), { name: "Ivy" }];
    });
    // @ts-expect-error: a plant list holds plants
    queryClient.setQueryData(key, [{ title: "Ivy" }]);
  });

  it("match every list of the client for invalidateQueries", () => {
    expectTypeOf(queries.keys.plants).toEqualTypeOf<
      readonly ["plant-store-sdk", string, { scope: string } | { client: string }, "plants"]
    >();
    expectTypeOf(queries.listPlants().queryKey).toExtend<PlantStoreListPlantsKey>();
    queryClient.invalidateQueries({ queryKey: queries.keys.plants });
    queryClient.removeQueries({ queryKey: queries.keys.all });
  });
});

describe("createPlant()", () => {
  it("types variables NewPlant, data Plant and the SDK's error in useMutation", () => {
    const create = useMutation(queries.createPlant());
    expectTypeOf(create.data).toEqualTypeOf<Plant | undefined>();
    expectTypeOf(create.variables).toEqualTypeOf<NewPlant | undefined>();
    expectTypeOf(create.error).toEqualTypeOf<PlantStoreQueryError | null>();
    create.mutate({ name: "Ivy", tag: "vine" });
    // @ts-expect-error: a plant needs a name
    create.mutate({ tag: "vine" });
    useMutation({
      ...queries.createPlant({ invalidate: false }),
      onError: (error) => expectTypeOf(error).toEqualTypeOf<PlantStoreQueryError>(),
    });
  });

  it("types them in Vue Query's useMutation too", () => {
    const create = useVueMutation(queries.createPlant());
    expectTypeOf(create.data.value).toEqualTypeOf<Plant | undefined>();
    create.mutate({ name: "Ivy" });
  });

  it("takes only its documented options", () => {
    // @ts-expect-error: invalidate is true or false
    queries.createPlant({ invalidate: "no" });
    // @ts-expect-error: the scope is a string
    createPlantStoreQueries(client, { scope: 42 });
  });
});
