// Does the in-memory store stay fast and small as it fills? List and create at 10, 10,000
// and 1,000,000 stored plants, and the heap one stored plant costs. The viewer's 10 plants
// come last, behind everyone else's, so a store that scanned for visible plants would pay
// O(size) on a list.
import { createPlantStore } from "../src/mock/index.js";
import { type Candidate, measurePerCall, pairedRatio } from "./lib/per-call.js";
import { type BenchResult, micros, ratio, type TargetResult } from "./lib/report.js";

const VIEWER = "viewer-token";
const SIZES = [10, 10_000, 1_000_000];
const GOAL = 1.5;

const heapUsed = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};

/** A store of `size` plants, 1,000 other owners' first and the viewer's 10 last. */
function loadStore(size: number) {
  const before = heapUsed();
  const store = createPlantStore({ seed: [] });
  const startedAt = performance.now();
  store.load(
    Array.from({ length: size }, (_, index) => ({
      id: index + 1,
      name: `Plant ${index + 1}`,
      tag: "tropical",
      owner: index >= size - 10 ? VIEWER : `token-${index % 1_000}`,
    })),
  );
  const loadMs = performance.now() - startedAt;
  // At 10 plants the heap's own noise outweighs the store.
  const bytesPerPlant = size >= 10_000 ? ((heapUsed() - before) / size).toFixed(0) : "";
  // Its contents, to put it back to its size (untimed, between two creates) once creates
  // have grown it by 10% (or 1): a store of 10 is timed at 10 plants, not at 10,010.
  const contents = store.entries();
  const limit = Math.max(size + 1, Math.floor(size * 1.1));
  const reload = () => store.size > limit && store.load(contents);
  return { size, store, loadMs, bytesPerPlant, reload };
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const stores = SIZES.map(loadStore);
  const operations: [string, Candidate[], { rounds: number; callsPerRound: number }][] = [
    [
      "list(viewer, 10)",
      stores.map(({ size, store }) => ({ name: `${size}`, call: () => store.list(VIEWER, 10) })),
      quick ? { callsPerRound: 20_000, rounds: 3 } : { callsPerRound: 100_000, rounds: 11 },
    ],
    [
      "create(viewer, plant)",
      stores.map(({ size, store, reload }) => ({
        name: `${size}`,
        beforeEach: reload,
        call: () => store.create(VIEWER, { name: "Calathea", tag: "prayer plant" }),
      })),
      quick ? { callsPerRound: 2_000, rounds: 3 } : { callsPerRound: 10_000, rounds: 11 },
    ],
  ];
  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const [label, candidates, plan] of operations) {
    const results = await measurePerCall(candidates, { ...plan, warmupCalls: plan.callsPerRound });
    const [atTen, atMillion] = [results[0], results.at(-1)];
    if (!atTen || !atMillion) throw new Error("a store was not measured");
    results.forEach((result, index) => {
      const { size, loadMs, bytesPerPlant } = stores[index] as (typeof stores)[number];
      const time = [micros(result.medianNs), ratio(pairedRatio(result, atTen), 1)];
      rows.push([label, size.toLocaleString("en-US"), ...time, bytesPerPlant, loadMs.toFixed(1)]);
    });
    const share = pairedRatio(atMillion, atTen);
    targets.push({
      target: `store ${label} at 1,000,000 plants <= ${GOAL}x at 10`,
      measured: ratio(share, 1),
      pass: share <= GOAL,
    });
  }
  const notes = operations.map(
    ([label, , plan]) => `${label}: ${plan.rounds} rounds of ${plan.callsPerRound} calls.`,
  );
  return {
    table: {
      title: "4. Store scaling (in-memory store, in-process)",
      baseline: `the same operation on a store of 10 plants; "x at 10" is the median over the rounds of the ratio to its time in the same round.`,
      columns: ["operation", "plants", "median µs/call", "x at 10", "heap B/plant", "load ms"],
      rows,
      notes: [
        "Stores filled with store.load(): 1,000 other owners' plants first, the viewer's 10 last. Heap per plant: heapUsed after a GC with the store minus before, over the plant count (strings included).",
        `${notes.join(" ")} Each create is timed on its own; a store grown by 10% (by 1 at 10 plants) is reloaded, untimed, before the next.`,
      ],
    },
    targets,
  };
}
