// The app code under test: it only knows the SDK client, not how it is tested.
import type { Plant } from "plant-store-sdk";

/** The part of the Plant Store client this module uses (any SDK client fits). */
export interface PlantLister {
  listPlants(): Promise<Plant[]>;
}

/** Plant names grouped by tag, in the store's order; plants without a tag go under "untagged". */
export async function loadPlantsByTag(client: PlantLister): Promise<Record<string, string[]>> {
  const groups: Record<string, string[]> = {};
  for (const plant of await client.listPlants()) {
    const tag = plant.tag ?? "untagged";
    groups[tag] ??= [];
    groups[tag].push(plant.name);
  }
  return groups;
}
