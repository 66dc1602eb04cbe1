// Keeps a store's plants in a Durable Object's storage: loaded when the object starts (after a
// deploy, an eviction, or a move to another machine) and saved after every change.
import type { PlantStore, StoredPlant } from "plant-store-sdk/mock";
import type { DurableObjectState } from "./workers-types.js";

/** All plants are one stored value: simple, and well inside a demo's size (README: Limits). */
const PLANTS_KEY = "plants";

/** Call inside `blockConcurrencyWhile`, so requests wait until the plants are back. */
export async function keepPlants(storage: DurableObjectState["storage"], store: PlantStore) {
  const saved = await storage.get<StoredPlant[]>(PLANTS_KEY);
  if (saved !== undefined) store.load(saved);
  // Not awaited on purpose: the object's output gate holds each answer until the write it
  // follows is durable, so an acknowledged create is never lost.
  store.subscribe(() => void storage.put(PLANTS_KEY, store.entries()));
}
