// A component that lists the plants and adds one, on TanStack Query. It takes the queries of
// the app's SDK client (plant-store-sdk/tanstack-query), so a story hands it any world.
import { useMutation, useQuery } from "@tanstack/react-query";
import { PlantStoreApiError } from "plant-store-sdk";
import type { PlantStoreQueries, PlantStoreQueryError } from "plant-store-sdk/tanstack-query";
import { type FormEvent, useState } from "react";

export function PlantList({ queries }: { queries: PlantStoreQueries }) {
  const plants = useQuery(queries.listPlants());
  const addPlant = useMutation(queries.createPlant()); // the list refetches after a create
  const [name, setName] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    addPlant.mutate({ name }, { onSuccess: () => setName("") });
  }

  return (
    <section aria-label="My plants">
      {plants.isPending ? (
        <p role="status">Loading plants…</p>
      ) : plants.isError ? (
        <p role="alert">Could not load the plants: {describe(plants.error)}</p>
      ) : plants.data.length === 0 ? (
        <p role="status">No plants yet.</p>
      ) : (
        <ul>
          {/* Plants need no id and names repeat; a list only grows at its end (oldest first). */}
          {plants.data.map((plant, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a position keeps its plant (above).
              key={`${index}-${plant.name}`}
            >
              {plant.name}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit}>
        <label>
          Name <input value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit" disabled={addPlant.isPending}>
          {addPlant.isPending ? "Adding…" : "Add plant"}
        </button>
      </form>
      {addPlant.isError && <p role="alert">Could not add the plant: {describe(addPlant.error)}</p>}
    </section>
  );
}

/** The store's own sentence and status when it answered; the SDK's message otherwise. */
function describe(error: PlantStoreQueryError): string {
  return error instanceof PlantStoreApiError
    ? `${error.body?.message ?? error.message} (${error.status})`
    : error.message;
}
