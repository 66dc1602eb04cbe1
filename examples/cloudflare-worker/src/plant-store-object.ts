// The Durable Object that holds the shared Plant Store: the package's fetch handler over one
// in-memory store, whose plants are kept in the object's storage (stored-plants.ts).
import {
  createPlantStore,
  createPlantStoreFetchHandler,
  type PlantStoreFetchHandler,
} from "plant-store-sdk/mock";
import { keepPlants } from "./stored-plants.js";
import { tokensFrom } from "./tokens.js";
import type { DurableObjectState, Env } from "./workers-types.js";

export class PlantStoreObject {
  private readonly handle: PlantStoreFetchHandler | Response;

  constructor(ctx: DurableObjectState, env: Env) {
    this.handle = handlerOrRefusal(env);
    if (this.handle instanceof Response) return;
    const { store } = this.handle;
    void ctx.blockConcurrencyWhile(() => keepPlants(ctx.storage, store));
  }

  fetch(request: Request): Promise<Response> {
    return this.handle instanceof Response
      ? Promise.resolve(this.handle.clone())
      : this.handle(request);
  }
}

/** The handler, or the 500 every request gets while the tokens secret is missing or bad. */
function handlerOrRefusal(env: Env): PlantStoreFetchHandler | Response {
  try {
    return createPlantStoreFetchHandler({
      store: createPlantStore(),
      tokens: tokensFrom(env.PLANT_STORE_TOKENS),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return Response.json({ error: 500, message }, { status: 500 });
  }
}
