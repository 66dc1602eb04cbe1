// The app under test. It knows nothing of the tests: it calls its API with the token its
// sign-in left in sessionStorage, as a real app would. The tests put a sandbox's token there.
import { createPlantStoreClient, type Plant, PlantStoreApiError } from "plant-store-sdk";

const API_URL = import.meta.env.VITE_PLANT_STORE_URL ?? "https://plant-store.example/v1";

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`index.html has no #${id}`);
  return found as T;
}

const list = element<HTMLUListElement>("plants");
const status = element<HTMLParagraphElement>("status");
const problem = element<HTMLParagraphElement>("problem");
const form = element<HTMLFormElement>("add-plant");

function show(plant: Plant): void {
  const item = document.createElement("li");
  item.textContent = plant.name;
  list.append(item);
  status.textContent = `${list.children.length} plants`;
}

/** The store's own sentence and status when it answered; the SDK's message otherwise. */
function describe(error: unknown): string {
  if (error instanceof PlantStoreApiError) {
    return `${error.body?.message ?? error.message} (${error.status})`;
  }
  return error instanceof Error ? error.message : String(error);
}

const token = sessionStorage.getItem("plant-store-token");
if (token === null) {
  status.textContent = "Sign in to see your plants.";
} else {
  const client = createPlantStoreClient({ baseUrl: API_URL, token });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.hidden = true;
    const name = new FormData(form).get("name")?.toString().trim() ?? "";
    try {
      show(await client.createPlant({ name }));
      form.reset();
    } catch (error) {
      problem.textContent = `Could not add the plant: ${describe(error)}`;
      problem.hidden = false;
    }
  });

  try {
    for (const plant of await client.listPlants()) show(plant);
    status.textContent = `${list.children.length} plants`;
  } catch (error) {
    status.textContent = `Could not load the plants: ${describe(error)}`;
  }
}
