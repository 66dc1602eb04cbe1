// Lists and adds plants with the SDK, and handles the store rejecting a request.
//   npx tsx list-and-create.ts                      starts a mock Plant Store in-process
//   PLANT_STORE_URL=http://127.0.0.1:4010 PLANT_STORE_TOKEN=... npx tsx list-and-create.ts
import { createPlantStoreClient, PlantStoreApiError } from "plant-store-sdk";
import { DEMO_TOKEN, startPlantStoreServer } from "plant-store-sdk/server";

const externalUrl = process.env.PLANT_STORE_URL || undefined;
// Without a URL, start the reference server on a free port just for this run.
const server = externalUrl ? undefined : await startPlantStoreServer({ port: 0 });
const baseUrl = externalUrl ?? server?.url ?? "";
const token = process.env.PLANT_STORE_TOKEN ?? DEMO_TOKEN;

try {
  const client = createPlantStoreClient({ baseUrl, token });

  const firstThree = await client.listPlants({ limit: 3 });
  console.log(`First plants: ${firstThree.map((plant) => plant.name).join(", ")}`);

  const added = await client.createPlant({ name: "Peace lily", tag: "flowering" });
  console.log(`Added: ${added.name} (${added.tag})`);

  try {
    // Ids are unique in the store, so asking for the same id twice is refused with 409.
    await client.createPlant({ id: 4242, name: "Rubber plant" });
    await client.createPlant({ id: 4242, name: "Another rubber plant" });
  } catch (error) {
    // Every refusal by the store is a PlantStoreApiError carrying the status, headers and
    // body; anything else (no connection, a timeout) is a different error and rethrown.
    if (!(error instanceof PlantStoreApiError)) throw error;
    console.log(`Refused with ${error.status}: ${error.message}`);
  }

  const everything = await client.listPlants();
  console.log(`The store now holds ${everything.length} plants you can see.`);
} finally {
  await server?.close();
}
