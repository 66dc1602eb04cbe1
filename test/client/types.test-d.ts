import type { Middleware } from "openapi-fetch";
import { describe, expectTypeOf, it } from "vitest";
import {
  createPlantStoreClient,
  type NewPlant,
  type Plant,
  PlantStoreApiError,
  type PlantStoreConnectionError,
  type PlantStoreError,
  type PlantStoreFetch,
  type PlantStoreTimeoutError,
} from "../../src/client/index.js";

const client = createPlantStoreClient({ baseUrl: "https://p.example", token: async () => "t" });

describe("types", () => {
  it("resolves listPlants to Plant[] and createPlant to Plant", () => {
    expectTypeOf(client.listPlants()).toEqualTypeOf<Promise<Plant[]>>();
    expectTypeOf(client.listPlants({ limit: 3 }, { signal: AbortSignal.timeout(1) })).toEqualTypeOf<
      Promise<Plant[]>
    >();
    expectTypeOf(client.createPlant({ name: "Fern", tag: "x", id: 1 })).toEqualTypeOf<
      Promise<Plant>
    >();
    expectTypeOf<Plant>().toEqualTypeOf<{ name: string; tag?: string }>();
    expectTypeOf<NewPlant>().toEqualTypeOf<{ name: string; id?: number; tag?: string }>();
  });

  it("rejects bodies and parameters the API rejects", () => {
    // @ts-expect-error name is required
    client.createPlant({});
    // @ts-expect-error name must be a string
    client.createPlant({ name: 1 });
    // @ts-expect-error tag must be a string
    client.createPlant({ name: "Fern", tag: 3 });
    // @ts-expect-error limit is a number
    client.listPlants({ limit: "10" });
    // @ts-expect-error list does not take a body
    client.listPlants({ name: "Fern" });
  });

  it("takes a token as a string or a (sync or async) function", () => {
    createPlantStoreClient({ baseUrl: "", token: "t" });
    createPlantStoreClient({ baseUrl: "", token: () => "t" });
    // @ts-expect-error a token is text
    createPlantStoreClient({ baseUrl: "", token: 42 });
    // @ts-expect-error baseUrl is required
    createPlantStoreClient({ token: "t" });
  });

  it("types the fields of the errors", () => {
    const error = new PlantStoreApiError("GET", "u", new Response(), undefined);
    expectTypeOf(error.status).toEqualTypeOf<number>();
    expectTypeOf(error.code).toEqualTypeOf<number | undefined>();
    expectTypeOf(error.headers).toEqualTypeOf<Headers>();
    expectTypeOf(error.body).toEqualTypeOf<{ error: number; message: string } | undefined>();
    expectTypeOf(error.text).toEqualTypeOf<string>();
    expectTypeOf(error.message).toEqualTypeOf<string>();
    expectTypeOf(error).toExtend<PlantStoreError>();
    expectTypeOf<PlantStoreTimeoutError>().toExtend<PlantStoreConnectionError>();
    expectTypeOf<PlantStoreConnectionError>().toExtend<Error>();
  });

  it("narrows with instanceof to each error class", () => {
    const caught: unknown = undefined;
    if (caught instanceof PlantStoreApiError) {
      expectTypeOf(caught).toEqualTypeOf<PlantStoreApiError>();
      expectTypeOf(caught.code).toEqualTypeOf<number | undefined>();
    }
  });

  it("takes globalThis.fetch or a one-argument function as fetch", () => {
    createPlantStoreClient({ baseUrl: "", token: "t", fetch: globalThis.fetch });
    createPlantStoreClient({ baseUrl: "", token: "t", fetch: (request) => fetch(request) });
    expectTypeOf<PlantStoreFetch>().parameters.toEqualTypeOf<[Request]>();
  });

  it("takes openapi-fetch's own Middleware in use() and eject()", () => {
    const logging: Middleware = { onRequest: ({ request }) => void request.url };
    client.use(logging);
    client.eject(logging);
    // @ts-expect-error middleware is an object with onRequest, onResponse or onError
    client.use(() => {});
  });

  it("takes headers as any HeadersInit", () => {
    for (const headers of [
      { "X-A": "1" },
      new Headers({ "X-A": "1" }),
      [["X-A", "1"]] as [string, string][],
    ]) {
      createPlantStoreClient({ baseUrl: "", token: "t", headers });
    }
  });

  it("exposes the openapi-fetch client as raw, typed by the contract", () => {
    expectTypeOf(client.raw.GET("/plants"))
      .resolves.toHaveProperty("data")
      .toEqualTypeOf<Plant[] | undefined>();
  });
});
