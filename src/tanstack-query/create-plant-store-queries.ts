import { check, checkedListLimit } from "../client/checks.js";
import type { PlantStoreClient } from "../client/types.js";
import { checkOptionNames } from "../contract/option-names.js";
import type {
  PlantStoreBaseKey,
  PlantStoreCreatePlantOptions,
  PlantStoreListPlantsKey,
  PlantStorePlantsKey,
  PlantStoreQueries,
  PlantStoreQueriesOptions,
} from "./types.js";

// A client without a scope is named by an identity of the object: one per client, so that
// every createPlantStoreQueries(client) shares its cache and no other client does. The table
// lives in the global symbol registry's slot, like the errors' brand (src/contract/brand.ts),
// so every copy of this module (an app that loads both the ESM and the CJS build) reads the
// same one and gives a client one owner of its cache. Random rather than counted, so copies
// of an older version, with tables of their own, cannot hand two clients the same identity.
const identitiesKey = Symbol.for("plant-store-sdk.tanstack-query.client-identities");

function identityOf(client: PlantStoreClient): string {
  // Made on first use, not at import: importing the module changes nothing.
  const shared = globalThis as { [identitiesKey]?: WeakMap<object, string> };
  shared[identitiesKey] ??= new WeakMap();
  const identities = shared[identitiesKey];
  let identity = identities.get(client);
  if (identity === undefined) {
    identity = Math.random().toString(36).slice(2);
    identities.set(client, identity);
  }
  return identity;
}

/**
 * TanStack Query options for one SDK client: `listPlants(params)` and `createPlant()`, and the
 * keys they use. Plain objects for any TanStack Query adapter (React, Vue, Solid, Svelte,
 * Angular). The SDK retries (TanStack's `retry` is off on both), a create invalidates this
 * client's lists, and TanStack's `signal` aborts the request. Guide: docs/frontend.md.
 *
 * @example
 * ```ts
 * const queries = createPlantStoreQueries(client, { scope: user.id });
 * const { data } = useQuery(queries.listPlants({ limit: 10 })); // Plant[] | undefined
 * const create = useMutation(queries.createPlant());
 * ```
 */
export function createPlantStoreQueries(
  client: PlantStoreClient,
  options?: PlantStoreQueriesOptions,
): PlantStoreQueries {
  check(
    "client",
    client,
    "object",
    typeof client?.listPlants === "function" && typeof client.baseUrl === "string",
    "a client from createPlantStoreClient",
  );
  const { scope } = readQueriesOptions(options);
  const all: PlantStoreBaseKey = [
    "plant-store-sdk",
    client.baseUrl,
    scope === undefined ? { client: identityOf(client) } : { scope },
  ];
  const plants: PlantStorePlantsKey = [...all, "plants"];

  return {
    keys: { all, plants },
    listPlants(params) {
      const limit = checkedListLimit(params);
      const query = limit === undefined ? {} : { limit };
      const queryKey: PlantStoreListPlantsKey = [...plants, query];
      return {
        // The tag is a type only: the key is the array itself.
        queryKey: queryKey as ReturnType<PlantStoreQueries["listPlants"]>["queryKey"],
        queryFn: (context) => client.listPlants(query, { signal: context?.signal }),
        // The SDK retries what may succeed later and nothing else, with Retry-After and the
        // client's own settings; a second layer of retries would multiply its attempts.
        retry: false,
      };
    },
    createPlant(mutationOptions) {
      const { invalidate } = readCreatePlantOptions(mutationOptions);
      return {
        mutationKey: [...all, "createPlant"],
        // Invalidated here rather than in onSuccess, so an onSuccess of the app's own (spread
        // over these options) cannot drop it; awaited, so the mutation is pending until the
        // lists on screen hold the new plant.
        async mutationFn(plant, { client: queryClient }) {
          const created = await client.createPlant(plant);
          if (invalidate) await queryClient.invalidateQueries({ queryKey: plants });
          return created;
        },
        retry: false,
      };
    },
  };
}

function readQueriesOptions(options: PlantStoreQueriesOptions | undefined) {
  if (options === undefined) return {};
  checkOptionNames(options, { scope: true });
  const { scope } = options;
  if (scope !== undefined) check("scope", scope, "string", scope !== "", "a non-empty string");
  return { scope };
}

function readCreatePlantOptions(options: PlantStoreCreatePlantOptions | undefined) {
  if (options !== undefined) checkOptionNames(options, { invalidate: true }, "createPlant: ");
  const { invalidate = true } = options ?? {};
  check("invalidate", invalidate, "boolean", 1, "true or false");
  return { invalidate };
}
