// The page's component: the first plants of the store (up to `limit`) and a form that adds
// one, on TanStack Query. It takes the queries of the app's SDK client, so a test hands it a
// client of its own.
import { useMutation, useQuery } from "@tanstack/react-query";
import { PlantStoreApiError } from "plant-store-sdk";
import type { PlantStoreQueries, PlantStoreQueryError } from "plant-store-sdk/tanstack-query";
import { type FormEvent, useState } from "react";

export function PlantList({ queries, limit }: { queries: PlantStoreQueries; limit: number }) {
  const plants = useQuery(queries.listPlants({ limit }));
  // After a create, every plant list of this client refetches. Lists are oldest first, so a
  // list the store already fills to `limit` keeps its plants: say what was added as well.
  const addPlant = useMutation(queries.createPlant());
  const [name, setName] = useState("");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    addPlant.mutate({ name }, { onSuccess: () => setName("") });
  }

  return (
    <main>
      <h1>My plants</h1>
      {plants.isPending ? (
        <p>Loading plants…</p>
      ) : plants.isError ? (
        <p role="alert">Could not load the plants: {describe(plants.error)}</p>
      ) : (
        <ul aria-label="Plants">
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
      {addPlant.isSuccess && <p role="status">Added {addPlant.data.name}.</p>}
      {addPlant.isError && <p role="alert">Could not add the plant: {describe(addPlant.error)}</p>}
    </main>
  );
}

/** The store's own sentence and status when it answered; the SDK's message otherwise. */
function describe(error: PlantStoreQueryError): string {
  return error instanceof PlantStoreApiError
    ? `${error.body?.message ?? error.message} (${error.status})`
    : error.message;
}
