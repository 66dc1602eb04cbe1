// The Worker in front: every request, from whichever isolate or region serves it, goes to
// the one Durable Object that holds the store.
import type { Env } from "./workers-types.js";

export { PlantStoreObject } from "./plant-store-object.js";

/** One name, so one object: the whole demo shares one store. */
const STORE_NAME = "plant-store";

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    const store = env.PLANT_STORE.get(env.PLANT_STORE.idFromName(STORE_NAME));
    return store.fetch(request);
  },
};
