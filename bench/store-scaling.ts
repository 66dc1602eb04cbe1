// Benchmark 4: does the in-memory store stay fast and small as it fills? List and create
// at 10, 10,000 and 1,000,000 stored plants, and the heap one stored plant costs.
// The stores are built the hard way for a list: the viewer's 10 plants come last, behind
// everyone else's, so a store that scanned for visible plants would pay O(size) here.
import { createPlantStore } from "../src/mock/store.js";
import type { PlantStore, StoredPlant } from "../src/mock/types.js";
import { type Candidate, measurePerCall } from "./lib/per-call.js";
import type { BenchResult, TargetResult } from "./lib/report.js";
import { micros, ratio } from "./lib/report.js";

const VIEWER = "viewer-token";
const OTHER_OWNERS = 1_000;
const OWN_PLANTS = 10;
const TAGS = ["tropical", "succulent", "fern", "vine", "flowering"];

const FLOOR = "V8 floor: Set.add + Array.push";

const collectGarbage = (globalThis as { gc?: () => void }).gc;

/** The most a store of `size` plants may grow to (10%, or 1) and still count as that size. */
const grownSize = (size: number) => Math.max(size + 1, Math.floor(size * 1.1));

function plantsFor(size: number): StoredPlant[] {
  return Array.from({ length: size }, (_, index) => ({
    id: index + 1,
    name: `Plant number ${index + 1}`,
    tag: TAGS[index % TAGS.length],
    owner: index >= size - OWN_PLANTS ? VIEWER : `token-${index % OTHER_OWNERS}`,
  }));
}

function heapUsed(): number {
  collectGarbage?.();
  return process.memoryUsage().heapUsed;
}

interface WeighedStore {
  store: PlantStore;
  /** Heap per stored plant: the store with everything it references, name included. */
  bytesPerPlant: number;
  loadMs: number;
  /** The first create after load(): what a server restored from a data file pays once. */
  firstCreateMs: number;
}

function weighStore(size: number): WeighedStore {
  const before = heapUsed();
  const store = createPlantStore({ seed: [] });
  const plants = plantsFor(size);
  let startedAt = performance.now();
  store.load(plants);
  const loadMs = performance.now() - startedAt;
  plants.length = 0; // only the store's references keep the plants alive now
  const bytesPerPlant = (heapUsed() - before) / size;
  startedAt = performance.now();
  store.create(VIEWER, { name: "Calathea" });
  const firstCreateMs = performance.now() - startedAt;
  return { store, bytesPerPlant, loadMs, firstCreateMs };
}

/**
 * What V8 itself charges for adding one entry to a hash set and one object to an array of
 * `size` entries: the least a store that keeps every id in a Set pays per create (ours keeps
 * only ids claimed above its dense run in one; see src/mock/plant-ids.ts).
 */
function engineFloor(size: number): Candidate {
  let ids = new Set<number>();
  let records: object[] = [];
  const fill = () => {
    ids = new Set(Array.from({ length: size }, (_, index) => index + 1));
    records = Array.from({ length: size }, (_, index) => ({ id: index + 1 }));
  };
  fill();
  return {
    name: String(size),
    beforeEach: () => {
      if (records.length > grownSize(size)) fill();
    },
    call: () => {
      ids.add(records.length + 1);
      records.push(Object.freeze({ name: "Calathea", tag: "prayer plant" }));
    },
  };
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const sizes = [10, 10_000, 1_000_000];
  const stores = sizes.map((size) => ({ size, ...weighStore(size) }));
  // The original contents, to put a store back to its size (untimed, between two creates)
  // once creates have grown it by over 10%: creates are timed at 10 to 11 plants, not at 10
  // to 10,010 as a round of 10,000 creates on one store of 10 would be.
  const contents = stores.map(({ store }) => store.entries());

  const listPlan = quick
    ? { warmupCalls: 20_000, callsPerRound: 20_000, rounds: 3 }
    : { warmupCalls: 200_000, callsPerRound: 100_000, rounds: 11 };
  const createPlan = quick
    ? { warmupCalls: 2_000, callsPerRound: 2_000, rounds: 3 }
    : { warmupCalls: 10_000, callsPerRound: 10_000, rounds: 11 };
  const lists: Candidate[] = stores.map(({ size, store }) => ({
    name: String(size),
    call: () => store.list(VIEWER, 10),
  }));
  const creates: Candidate[] = stores.map(({ size, store }, index) => ({
    name: String(size),
    beforeEach: () => {
      if (store.size > grownSize(size)) store.load(contents[index] ?? []);
    },
    call: () => store.create(VIEWER, { name: "Calathea", tag: "prayer plant" }),
  }));
  const listTimes = await measurePerCall(lists, listPlan);
  const createTimes = await measurePerCall(creates, createPlan);
  const floorTimes = await measurePerCall(sizes.map(engineFloor), createPlan);

  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const [label, results] of [
    ["list(viewer, 10)", listTimes],
    ["create(viewer, plant)", createTimes],
    [FLOOR, floorTimes],
  ] as const) {
    const atTen = results[0]?.medianNs ?? 0;
    for (const [index, result] of results.entries()) {
      const weighed = label === FLOOR ? undefined : stores[index];
      rows.push([
        label,
        Number(result.name).toLocaleString("en-US"),
        micros(result.medianNs),
        ratio(result.medianNs, atTen),
        // At 10 plants the heap's own noise outweighs the store.
        weighed && weighed.size >= 10_000 ? weighed.bytesPerPlant.toFixed(0) : "",
        weighed ? weighed.loadMs.toFixed(1) : "",
        weighed ? weighed.firstCreateMs.toFixed(3) : "",
      ]);
    }
    if (label === FLOOR) continue;
    const atMillion = results[results.length - 1]?.medianNs ?? 0;
    targets.push({
      target: `store ${label} at 1,000,000 plants <= 1.5x at 10`,
      measured: ratio(atMillion, atTen),
      pass: atMillion <= 1.5 * atTen,
    });
  }
  return {
    tables: [
      {
        title: "4. Store scaling (in-memory store, in-process)",
        baseline: `the same operation on a store of 10 plants; "x at 10" divides by its median.`,
        columns: [
          "operation",
          "stored plants",
          "median µs/call",
          "x at 10",
          "heap B/plant",
          "load ms",
          "1st create after load ms",
        ],
        rows,
        notes: [
          `Stores filled with store.load(): ${OTHER_OWNERS.toLocaleString("en-US")} other owners' plants first, the viewer's ${OWN_PLANTS} last. Heap per plant = heapUsed after GC with the store minus before, over the plant count (name and tag strings included; too noisy to show at 10). The first create after load() is timed once per store.`,
          `list: ${listPlan.rounds} rounds of ${listPlan.callsPerRound} calls; create: ${createPlan.rounds} rounds of ${createPlan.callsPerRound} calls, each timed on its own, a store grown by over 10% (by 1 at 10 plants) reloaded untimed before the next call. ${FLOOR}: the same plan on a bare Set of ids and array of records of that size.`,
        ],
      },
    ],
    targets,
  };
}
