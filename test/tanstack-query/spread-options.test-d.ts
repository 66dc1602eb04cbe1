// The app's own options spread over the package's keep the error type, read from dist/ as a
// user's project reads it. TanStack infers the error type from the options' fields that carry
// it (onError, throwOnError, retryDelay); an app that sets one of them itself must not make
// the error fall back to plain `Error`. One case for each option a docs page shows spread.
// PlantStoreError declares nothing beyond Error, so `Error | null` and `PlantStoreQueryError |
// null` count as equal types; the error without its null (a union against a plain `Error`)
// does not, hence `ErrorOf`.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useMutation as useVueMutation, useQuery as useVueQuery } from "@tanstack/vue-query";
import { createPlantStoreClient, type Plant } from "plant-store-sdk";
import { createPlantStoreQueries, type PlantStoreQueryError } from "plant-store-sdk/tanstack-query";
import { describe, expectTypeOf, it } from "vitest";

const client = createPlantStoreClient({ baseUrl: "https://api.example.com/v1", token: "t" });
const queries = createPlantStoreQueries(client);
type ErrorOf<Result extends { error: unknown }> = NonNullable<Result["error"]>;

describe("spreading the app's own onError into createPlant()", () => {
  it("keeps PlantStoreQueryError, in the callback and on the mutation", () => {
    const create = useMutation({
      ...queries.createPlant(),
      onError: (error) => expectTypeOf(error).toEqualTypeOf<PlantStoreQueryError>(),
    });
    expectTypeOf<ErrorOf<typeof create>>().toEqualTypeOf<PlantStoreQueryError>();
    const inVue = useVueMutation({ ...queries.createPlant(), onError: (error) => error.message });
    expectTypeOf<NonNullable<typeof inVue.error.value>>().toEqualTypeOf<PlantStoreQueryError>();
  });
});

describe("spreading the app's own onSuccess into createPlant()", () => {
  it("keeps PlantStoreQueryError, and the created Plant in the callback", () => {
    const create = useMutation({
      ...queries.createPlant(),
      onSuccess: (plant) => expectTypeOf(plant).toEqualTypeOf<Plant>(),
    });
    expectTypeOf<ErrorOf<typeof create>>().toEqualTypeOf<PlantStoreQueryError>();
    const inVue = useVueMutation({ ...queries.createPlant(), onSuccess: (plant) => plant.name });
    expectTypeOf<NonNullable<typeof inVue.error.value>>().toEqualTypeOf<PlantStoreQueryError>();
  });
});

describe("spreading the app's own throwOnError", () => {
  it("keeps PlantStoreQueryError on a list, as a function or as true", () => {
    const list = useQuery({
      ...queries.listPlants(),
      throwOnError: (error) => {
        expectTypeOf(error).toEqualTypeOf<PlantStoreQueryError>();
        return true;
      },
    });
    expectTypeOf<ErrorOf<typeof list>>().toEqualTypeOf<PlantStoreQueryError>();
    const always = useQuery({ ...queries.listPlants(), throwOnError: true });
    expectTypeOf<ErrorOf<typeof always>>().toEqualTypeOf<PlantStoreQueryError>();
    const inVue = useVueQuery({ ...queries.listPlants(), throwOnError: (error) => !error.name });
    expectTypeOf<NonNullable<typeof inVue.error.value>>().toEqualTypeOf<PlantStoreQueryError>();
  });

  it("keeps PlantStoreQueryError on createPlant()", () => {
    const create = useMutation({ ...queries.createPlant(), throwOnError: true });
    expectTypeOf<ErrorOf<typeof create>>().toEqualTypeOf<PlantStoreQueryError>();
  });
});

describe("spreading the app's own select into listPlants()", () => {
  it("keeps PlantStoreQueryError and gives select's result as the data", () => {
    const count = useQuery({ ...queries.listPlants(), select: (plants) => plants.length });
    expectTypeOf(count.data).toEqualTypeOf<number | undefined>();
    expectTypeOf<ErrorOf<typeof count>>().toEqualTypeOf<PlantStoreQueryError>();
    const inVue = useVueQuery({ ...queries.listPlants(), select: (plants) => plants.length });
    expectTypeOf<NonNullable<typeof inVue.error.value>>().toEqualTypeOf<PlantStoreQueryError>();
  });
});
