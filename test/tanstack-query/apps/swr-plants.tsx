// A React component on SWR with the two lines docs/frontend.md gives SWR users: key and fetcher
// from one client's queries. What swr.test.ts renders.
import useSWR from "swr";
import type { PlantStoreQueries } from "../../../src/tanstack-query/index.js";
import { describeError } from "./describe-error.js";

export function SwrPlants({ queries }: { queries: PlantStoreQueries }) {
  const { queryKey, queryFn } = queries.listPlants({ limit: 10 });
  const { data, error } = useSWR(queryKey, () => queryFn(), { shouldRetryOnError: false });

  if (error) return <p role="alert">Could not load the plants: {describeError(error)}</p>;
  if (!data) return <p role="status">Loading plants…</p>;
  return (
    <ul>
      {data.map((plant, index) => (
        <li key={`${index}-${plant.name}`}>{plant.name}</li>
      ))}
    </ul>
  );
}
