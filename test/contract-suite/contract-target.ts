// What a serving path must provide to run the contract suite against it.
import type { PlantStore, PlantStoreScenarios, SeedPlant } from "../../src/mock/index.js";

export interface ContractTargetOptions {
  tokens: readonly string[];
  createStatus: 200 | 201;
  seed: readonly SeedPlant[];
}

export interface ContractTarget {
  /** Where the API lives, with any path prefix, without a trailing slash. */
  baseUrl: string;
  /** The fetch that reaches it (globalThis.fetch for MSW and real servers). */
  fetch: typeof fetch;
  /** The store behind it, to inspect and reset between cases. */
  store: PlantStore;
  /** The scenario helpers of the serving path; the fault cases need them. */
  faults?: PlantStoreScenarios;
  close(): Promise<void>;
}

export type StartContractTarget = (options: ContractTargetOptions) => Promise<ContractTarget>;

/** Tokens every target is started with; TOKEN_C never creates anything. */
export const TOKEN_A = "contract-token-a";
export const TOKEN_B = "contract-token-b";
export const TOKEN_C = "contract-token-c";
export const CONTRACT_TOKENS: readonly string[] = [TOKEN_A, TOKEN_B, TOKEN_C];

/** Public plants every target starts with; id 100 is there to collide with. */
export const CONTRACT_SEED: readonly SeedPlant[] = [
  { name: "Seed fern", tag: "fern", id: 100 },
  { name: "Seed cactus" },
];
export const SEED_VIEW = [{ name: "Seed fern", tag: "fern" }, { name: "Seed cactus" }];

/** The default maximum body size the suite's 413 cases are built for. */
export const CONTRACT_MAX_BODY_BYTES = 1_048_576;
