// A React 19 app on @tanstack/react-query that lists and adds plants through
// plant-store-sdk/tanstack-query: what react-app.test.ts renders.
import {
  type DehydratedState,
  HydrationBoundary,
  type QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import type { FormEvent } from "react";
import type { PlantStoreQueries } from "../../../src/tanstack-query/index.js";
import { describeError } from "./describe-error.js";

export function Plants({ queries, label }: { queries: PlantStoreQueries; label: string }) {
  const plants = useQuery(queries.listPlants());
  const create = useMutation(queries.createPlant());

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = new FormData(form).get("name");
    create.mutate({ name: String(name) }, { onSuccess: () => form.reset() });
  }

  return (
    <section aria-label={label}>
      {plants.isPending ? (
        <p role="status">Loading plants…</p>
      ) : plants.isError ? (
        <p role="alert">Could not load the plants: {describeError(plants.error)}</p>
      ) : (
        <ul>
          {plants.data.map((plant, index) => (
            <li key={`${index}-${plant.name}`}>{plant.name}</li>
          ))}
        </ul>
      )}
      <form onSubmit={add}>
        <label>
          Name <input name="name" />
        </label>
        <button type="submit" disabled={create.isPending}>
          Add plant
        </button>
      </form>
      {create.isError && <p role="alert">Could not add the plant: {describeError(create.error)}</p>}
    </section>
  );
}

/** The app: its QueryClient, what the server sent (when it rendered first), one list per client. */
export function App({
  queryClient,
  dehydratedState,
  lists,
}: {
  queryClient: QueryClient;
  dehydratedState?: DehydratedState;
  lists: Record<string, PlantStoreQueries>;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={dehydratedState}>
        {Object.entries(lists).map(([label, queries]) => (
          <Plants key={label} label={label} queries={queries} />
        ))}
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
