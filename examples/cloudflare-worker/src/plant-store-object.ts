// The Durable Object that holds the Plant Store: the package's fetch handler over one
// in-memory store, saved to the object's storage after every change and loaded again when
// the object starts (after a deploy, an eviction, or a move to another machine).
import {
  createPlantStore,
  createPlantStoreFetchHandler,
  type PlantStoreFetchHandler,
  type StoredPlant,
} from "plant-store-sdk/mock";
import { tokensFrom } from "./tokens.js";
import type { DurableObjectState, Env } from "./workers-types.js";

/** All plants are one stored value: simple, and well inside a demo's size (README: Limits). */
const PLANTS_KEY = "plants";

export class PlantStoreObject {
  private readonly handle: PlantStoreFetchHandler | Response;

  constructor(ctx: DurableObjectState, env: Env) {
    this.handle = handlerOrRefusal(env);
    if (this.handle instanceof Response) return;
    const { store } = this.handle;
    // Requests wait until the saved plants are back in memory.
    void ctx.blockConcurrencyWhile(async () => {
      const saved = await ctx.storage.get<StoredPlant[]>(PLANTS_KEY);
      if (saved !== undefined) store.load(saved);
      // Not awaited on purpose: the object's output gate holds each answer until the write
      // it follows is durable, so an acknowledged create is never lost.
      store.subscribe(() => void ctx.storage.put(PLANTS_KEY, store.entries()));
    });
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
