// Sandboxes: isolated worlds (a store from the seed, a fault queue, a journal) entered through
// their own bearer tokens, so parallel tests on one server or handler set never see each other.
// A token with the `psb_` prefix is answered from its live sandbox alone, on every path. Idle
// sandboxes are closed lazily (when touched, and on each creation): no timer keeps a process up.
import { checkOptionNames } from "../../contract/option-names.js";
import type { SeedPlant } from "../../contract/plant-types.js";
import { SANDBOX_TOKEN_PREFIX, SANDBOX_TOKEN_RANDOM_BYTES } from "../../contract/sandbox-token.js";
import { createPlantStore } from "../store/store.js";
import type { PlantStore } from "../store/store-types.js";
import type { World } from "../world/world.js";
import { worldVerbs } from "../world/world-verbs.js";
import { SandboxLimitError } from "./sandbox-limit-error.js";
import type { CreateSandboxOptions, PlantStoreSandbox } from "./sandbox-types.js";

export { SandboxLimitError };
export const DEFAULT_MAX_SANDBOXES = 1000;

export const DEFAULT_SANDBOX_IDLE_MS = 30 * 60 * 1000;

export interface SandboxRegistryConfig {
  /** `undefined`: the built-in seed. */
  seed: readonly SeedPlant[] | undefined;
  maxSandboxes: number;
  sandboxIdleMs: number;
  /**
   * A new world of `store`, as the set makes them: its waits end when the server closes, its
   * journal hides the configured tokens, and its coverage and pact count into the set's too.
   */
  createWorld(store: PlantStore): World;
}

export interface SandboxRegistry {
  create(options?: CreateSandboxOptions): PlantStoreSandbox;
  /** The live sandbox holding `token`, marked as used; `undefined` when none does. */
  find(token: string): World | undefined;
  /** The live sandbox by its id, for the admin API, marked as used. */
  byId(id: string): { sandbox: PlantStoreSandbox; world: World } | undefined;
}

interface Entry {
  sandbox: PlantStoreSandbox;
  world: World;
  tokens: string[];
  lastUsed: number;
}

// `satisfies` keeps this list complete: a new option does not compile until it is listed.
const CREATE_SANDBOX_OPTIONS = { seed: true } satisfies Record<keyof CreateSandboxOptions, true>;

export function createSandboxRegistry(config: SandboxRegistryConfig): SandboxRegistry {
  const byToken = new Map<string, Entry>();
  const byId = new Map<string, Entry>();

  function close(entry: Entry): void {
    if (!byId.delete(entry.sandbox.id)) return;
    // Its waiting requests end with it (no answer), rather than wait on a sandbox nobody can reach.
    entry.world.faults.clearFaults();
    for (const token of entry.tokens) byToken.delete(token);
  }

  function expired(entry: Entry, now: number): boolean {
    return now - entry.lastUsed > config.sandboxIdleMs;
  }

  function sweep(now: number): void {
    for (const entry of byId.values()) if (expired(entry, now)) close(entry);
  }

  function live(entry: Entry | undefined): Entry | undefined {
    if (entry === undefined) return undefined;
    const now = Date.now();
    if (expired(entry, now)) {
      close(entry);
      return undefined;
    }
    entry.lastUsed = now;
    return entry;
  }

  function admit(entry: Entry, token: string): string {
    entry.tokens.push(token);
    byToken.set(token, entry);
    return token;
  }

  function create(options: CreateSandboxOptions = {}): PlantStoreSandbox {
    checkOptionNames(options, CREATE_SANDBOX_OPTIONS, "createSandbox: ");
    // Built before the limit is checked: a bad seed is a TypeError whether or not it is full.
    const store = createPlantStore({
      seed: options.seed === undefined ? config.seed : options.seed,
    });
    sweep(Date.now());
    if (byId.size >= config.maxSandboxes) {
      throw new SandboxLimitError(
        `maxSandboxes (${config.maxSandboxes}) sandboxes are open; close one before creating another.`,
      );
    }
    const world = config.createWorld(store);
    const id = randomText();
    const token = newToken();
    const entry: Entry = {
      world,
      tokens: [],
      lastUsed: Date.now(),
      sandbox: {
        id,
        token,
        store,
        ...worldVerbs(world),
        reset: world.reset,
        createToken() {
          if (live(byId.get(id)) === undefined) {
            throw new Error(`Sandbox ${id} is closed; create a new one.`);
          }
          return admit(entry, newToken());
        },
        close: () => close(entry),
      },
    };
    admit(entry, token);
    byId.set(id, entry);
    return entry.sandbox;
  }

  return {
    create,
    find: (token) => live(byToken.get(token))?.world,
    byId: (id) => live(byId.get(id)),
  };
}

function newToken(): string {
  return SANDBOX_TOKEN_PREFIX + randomText();
}

/** 128 random bits (as the contract asks) as base64url, from the runtime-neutral Web Crypto API. */
function randomText(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SANDBOX_TOKEN_RANDOM_BYTES));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
