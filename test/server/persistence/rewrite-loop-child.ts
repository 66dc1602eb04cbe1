// A process that keeps rewriting its data file: it loads a new generation of plants into
// the store (a fresh snapshot each time) and creates plants while that snapshot is being
// written. It prints "ack <name>" once a create's commit() resolved, so the parent that
// SIGKILLs it knows what was acknowledged. Run: node --import tsx <this file> <data file>

import type { StoredPlant } from "../../../src/contract/plant-types.js";
import { createPlantStore } from "../../../src/mock/store/store.js";
import { openDataFile } from "../../../src/server/persistence/open-data-file.js";
import { CHILD_TOKEN, GENERATION_SIZE } from "./rewrite-loop-constants.js";

const CREATES_PER_GENERATION = 40;

const path = process.argv[2] as string;
const store = createPlantStore({ seed: [] });
const persistence = await openDataFile({
  store,
  tokens: [CHILD_TOKEN],
  path,
  fsync: "never",
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write("ready\n");

for (let generation = 1; ; generation++) {
  const plants: StoredPlant[] = Array.from({ length: GENERATION_SIZE }, (_, index) => ({
    id: index + 1,
    name: `g${generation}-${index}`,
    owner: null,
  }));
  store.load(plants);
  const creates = Array.from({ length: CREATES_PER_GENERATION }, async (_, index) => {
    // Spread over the snapshot's write: some before it is renamed, some after.
    await new Promise((resolve) => setTimeout(resolve, index * 2));
    const name = `g${generation}-c${index}`;
    store.create(CHILD_TOKEN, { name });
    await persistence.commit();
    process.stdout.write(`ack ${name}\n`);
  });
  await Promise.all(creates);
}
