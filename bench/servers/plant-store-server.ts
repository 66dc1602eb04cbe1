// Our server started from code as a user's test process starts it (globals left alone, no
// log function), seeded with the ten plants the ceiling serves pre-serialised, with the
// admin endpoints to open sandboxes through. Prints its URL when listening; SIGTERM ends it.
import { startPlantStoreServer } from "../../src/server/index.js";
import { BENCH_TOKEN, TEN_PLANTS } from "../lib/fixtures.js";

const server = await startPlantStoreServer({
  tokens: [BENCH_TOKEN],
  seed: TEN_PLANTS,
  admin: true,
});
process.stdout.write(`${server.url}\n`);
