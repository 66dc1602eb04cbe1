// What a serving path must provide to run the contract suite against it.
import type { AdminPlant, PlantStoreAdmin } from "../../src/admin/index.js";
import type {
  ErrorStatus,
  PlantStore,
  PlantStoreOperation,
  SeedPlant,
} from "../../src/mock/index.js";

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
  /**
   * The store behind it, to inspect and reset between cases: the store itself when the target
   * runs in this process, or the admin client of one that runs elsewhere (a container).
   */
  store: PlantStore | PlantStoreAdmin;
  /** The scenario helpers of the serving path (in process or its admin client); the fault cases need them. */
  faults?: ContractFaults;
  close(): Promise<void>;
}

/** The scenario helpers the fault cases call, in process (void) or over HTTP (a promise). */
export interface ContractFaults {
  failNext(
    operation: PlantStoreOperation,
    options: {
      status: ErrorStatus;
      message?: string;
      times?: number;
      headers?: Record<string, string>;
    },
  ): void | Promise<void>;
  delayNext(operation: PlantStoreOperation, ms: number): void | Promise<void>;
  clearFaults(): void | Promise<void>;
}

const inProcess = (store: ContractTarget["store"]): store is PlantStore => "entries" in store;

/** The target's store in this process, for the cases only an in-process store can show. */
export function inProcessStore(target: ContractTarget): PlantStore | undefined {
  return inProcess(target.store) ? target.store : undefined;
}

/** Back to the seed, whichever way the target's store is reached. */
export async function resetStore(target: ContractTarget): Promise<void> {
  await target.store.reset();
}

/**
 * Every stored plant, oldest first, as the admin endpoints show it (`public` in place of the
 * owner, whose token no admin answer holds), whichever way the store is reached.
 */
export async function storedPlants(target: ContractTarget): Promise<AdminPlant[]> {
  if (!inProcess(target.store)) return target.store.plants();
  return target.store.entries().map(({ id, name, tag, owner }) => ({
    id,
    name,
    ...(tag === undefined ? {} : { tag }),
    public: owner === null,
  }));
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
