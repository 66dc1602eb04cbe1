// App code that tidies what a user typed before it goes to the Plant Store.
import type { NewPlant, Plant } from "plant-store-sdk";

/** The part of the Plant Store client this module uses (any SDK client fits). */
export interface PlantCreator {
  createPlant(plant: NewPlant): Promise<Plant>;
}

/** Saves a plant from a form: the name trimmed, an empty tag left out, a blank name refused. */
export async function savePlant(client: PlantCreator, form: { name: string; tag: string }) {
  if (form.name.trim() === "") throw new RangeError("Give the plant a name.");
  const tag = form.tag.trim();
  return client.createPlant(
    tag === "" ? { name: form.name.trim() } : { name: form.name.trim(), tag },
  );
}
