// Coverage of the contract: for each operation, the answers openapi.yaml declares (read from
// the validators generated from it, so a status added to the spec is a row here without another edit)
// and how many of each the requests got. A suite-wide figure: kept across clearRequests() and
// reset(), until clearCoverage(); a sandbox counts into its own rows and into the suite's (the
// set's), closed or not. Answers a scenario scripted count (a failNext 409 exercises the app's
// 409 path); a request that got no answer (status 0) does not.
import {
  type CoverageRow,
  OPERATIONS,
  type PlantStoreCoverage,
  type PlantStoreOperation,
} from "../../contract/journal-entries.js";
import { declaredResponseKeys } from "../../contract/response-schema.js";

type ResponseKey = number | "default";

/** Each operation of openapi.yaml with its response keys, in the document's order. */
const CONTRACT_ANSWERS: ReadonlyMap<PlantStoreOperation, readonly ResponseKey[]> = new Map(
  OPERATIONS.map((operation) => [operation, declaredResponseKeys(operation).map(toResponseKey)]),
);

function toResponseKey(key: string): ResponseKey {
  if (key === "default") return key;
  // A range such as "4XX" would need a row of its own; openapi.yaml uses none, so fail loudly
  // (at load, in every test) rather than count its statuses under "default".
  if (!/^[1-5][0-9][0-9]$/.test(key)) {
    throw new Error(`openapi.yaml declares the response key ${key}, which coverage cannot count.`);
  }
  return Number(key);
}

export interface CoverageCounter extends PlantStoreCoverage {
  /** Files one answer; status 0 (no answer: a network error, a hang) is not one. */
  count(operation: PlantStoreOperation, status: number): void;
}

/** `suite`: a counter every answer counted here is counted in too (a sandbox's, the set's). */
export function createCoverageCounter(suite?: CoverageCounter): CoverageCounter {
  // Per operation, by response key: counted on every request, so no key string is built.
  let counts = new Map<PlantStoreOperation, Map<ResponseKey, number>>();

  return {
    count(operation, status) {
      if (status === 0) return;
      suite?.count(operation, status);
      const declared = CONTRACT_ANSWERS.get(operation) ?? [];
      const key = declared.includes(status) ? status : "default";
      const byKey = counts.get(operation) ?? new Map<ResponseKey, number>();
      byKey.set(key, (byKey.get(key) ?? 0) + 1);
      counts.set(operation, byKey);
    },
    coverage() {
      const rows: CoverageRow[] = [];
      for (const [operation, statuses] of CONTRACT_ANSWERS) {
        for (const status of statuses) {
          rows.push({ operation, status, count: counts.get(operation)?.get(status) ?? 0 });
        }
      }
      return rows;
    },
    clearCoverage() {
      counts = new Map();
    },
  };
}
