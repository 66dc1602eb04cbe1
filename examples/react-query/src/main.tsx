// The app: one SDK client, its TanStack Query options, and one QueryClient for the page.
// Without settings it talks to `npx plant-store-mock` on this machine, with the mock's demo
// token; set VITE_PLANT_STORE_URL and VITE_PLANT_STORE_TOKEN (in .env.local) for another
// Plant Store. A real app takes the token from its sign-in instead.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createPlantStoreClient } from "plant-store-sdk";
import { createPlantStoreQueries } from "plant-store-sdk/tanstack-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PlantList } from "./plant-list";

const client = createPlantStoreClient({
  baseUrl: import.meta.env.VITE_PLANT_STORE_URL ?? "http://127.0.0.1:4010",
  token: import.meta.env.VITE_PLANT_STORE_TOKEN ?? "plant-store-demo-token",
});
const queries = createPlantStoreQueries(client);
const queryClient = new QueryClient();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <PlantList queries={queries} limit={10} />
    </QueryClientProvider>
  </StrictMode>,
);
