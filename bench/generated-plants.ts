// How long generatePlants takes for a demo-sized store and more: 100,000 plants, against the
// floor of building as many plant objects from the same names without a generator (what any
// list of 100,000 plants costs), and what seeding a store with them adds. The CLI's
// `--generate` pays both at start.
import { createPlantStore, generatePlants } from "../src/mock/index.js";
import { PLANT_NAMES_BY_TAG } from "../src/mock/store/plant-names.js";
import { measurePerCall, pairedRatio } from "./lib/per-call.js";
import { type BenchResult, ratio } from "./lib/report.js";

const COUNT = 100_000;
const GOAL_MS = 1000;

const NAMES = Object.entries(PLANT_NAMES_BY_TAG).flatMap(([tag, names]) =>
  names.map((name) => ({ name, tag })),
);
const generated = generatePlants(COUNT, { seed: 1 });

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  let seed = 0;
  const [floor, generate, seedStore] = await measurePerCall(
    [
      {
        name: "100,000 plants copied from the list (floor)",
        // Built as generatePlants builds its list, less the generator and the shuffles.
        call: () => {
          const plants: { name: string; tag: string }[] = new Array(COUNT);
          for (let i = 0; i < COUNT; i++) {
            const { name, tag } = NAMES[i % NAMES.length] as { name: string; tag: string };
            plants[i] = { name, tag };
          }
          return plants;
        },
      },
      // A new seed each call: no call can reuse another's work.
      { name: "100,000 plants generate", call: () => generatePlants(COUNT, { seed: seed++ }) },
      {
        name: "a store seeded with 100,000 generated plants",
        call: () => createPlantStore({ seed: generated }),
      },
    ],
    quick
      ? { warmupCalls: 1, callsPerRound: 2, rounds: 3 }
      : { warmupCalls: 3, callsPerRound: 5, rounds: 11 },
  );
  if (!floor || !generate || !seedStore) throw new Error("a candidate was not measured");
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const rows = [floor, generate, seedStore].map((result) => [
    result.name,
    ms(result.medianNs),
    ratio(pairedRatio(result, floor), 1),
  ]);
  const generateMs = generate.medianNs / 1e6;
  return {
    table: {
      title: "8. Generated plants",
      baseline: `100,000 plant objects built from the same names without a generator, in the same rounds; "x floor" is the median over the rounds of the ratio to its time in the same round.`,
      columns: ["what", "median ms/call", "x floor"],
      rows,
      notes: [
        `In process; ${quick ? "3 rounds of 2 calls" : "11 rounds of 5 calls"}, each candidate in turn (rotating order), a GC before each turn. generatePlants gets a new seed on every call.`,
      ],
    },
    targets: [
      {
        target: `100,000 plants generate in < ${GOAL_MS} ms`,
        measured: `${generateMs.toFixed(1)} ms`,
        pass: generateMs < GOAL_MS,
      },
    ],
  };
}
