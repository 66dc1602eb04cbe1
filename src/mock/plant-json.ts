// Serialising plants is most of a list's own cost. The store hands out frozen plant
// objects that live as long as the plant, so each is stringified once and reused; a
// WeakMap keeps this off the PlantStore interface and lets stored plants be collected.
import type { Plant } from "./types.js";

const serialised = new WeakMap<Plant, string>();

export function plantJson(plant: Plant): string {
  let json = serialised.get(plant);
  if (json === undefined) {
    json = JSON.stringify(plant);
    // Only frozen plants can be cached: a mutable one could change after this call.
    if (Object.isFrozen(plant)) serialised.set(plant, json);
  }
  return json;
}

export function plantsJson(plants: readonly Plant[]): string {
  let json = "[";
  for (let i = 0; i < plants.length; i++) {
    if (i > 0) json += ",";
    json += plantJson(plants[i] as Plant);
  }
  return `${json}]`;
}
