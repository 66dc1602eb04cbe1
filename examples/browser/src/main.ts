import { createPlantStoreClient, type Plant, PlantStoreApiError } from "plant-store-sdk";
import { startMockPlantStore } from "./mock-api";
import "./style.css";

// Not a real host: the service worker answers it. Point this at your Plant Store instead.
const API_URL = "https://plant-store.example/v1";

function element<T extends HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`index.html has no ${selector}`);
  return found;
}

const form = element<HTMLFormElement>("#add-plant");
const formError = element<HTMLParagraphElement>("#form-error");
const status = element<HTMLParagraphElement>("#status");
const list = element<HTMLUListElement>("#plants");

await startMockPlantStore(API_URL);
const client = createPlantStoreClient({ baseUrl: API_URL, token: "browser-demo-token" });

function renderPlant(plant: Plant): HTMLLIElement {
  const item = document.createElement("li");
  item.textContent = plant.name;
  if (plant.tag) {
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = plant.tag;
    item.append(tag);
  }
  return item;
}

async function showPlants(): Promise<void> {
  const plants = await client.listPlants();
  list.replaceChildren(...plants.map(renderPlant));
  status.textContent = `${plants.length} plants`;
}

function showFormError(message: string): void {
  formError.textContent = message;
  formError.hidden = false;
}

function describeFailure(error: unknown): string {
  // The store's own sentence names what it rejected; the SDK's message adds the URL.
  if (error instanceof PlantStoreApiError) {
    return error.body?.message ?? error.message;
  }
  return "The Plant Store could not be reached. Please try again.";
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const fields = new FormData(form);
  const name = String(fields.get("name") ?? "").trim();
  const tag = String(fields.get("tag") ?? "").trim();
  formError.hidden = true;
  // Checked here so the user gets a plain sentence; the SDK would refuse it too.
  if (!name) {
    showFormError("Please enter a name for the plant.");
    return;
  }
  try {
    await client.createPlant(tag ? { name, tag } : { name });
    form.reset();
    await showPlants();
  } catch (error) {
    showFormError(describeFailure(error));
  }
});

await showPlants();
