// Our standalone server, seeded with the ten plants the ceiling serves pre-serialised.
// `--cli-settings` starts it as the plant-store-mock CLI does (overrideGlobalObjects: on,
// since the CLI owns its process); without it, with the library defaults a user's test
// process gets (globals left alone, no log function). Prints its URL when listening.
import { startPlantStoreServer } from "../../src/server/index.js";
import { BENCH_TOKEN, TEN_PLANTS } from "../lib/fixtures.js";

const server = await startPlantStoreServer({
  tokens: [BENCH_TOKEN],
  seed: TEN_PLANTS,
  overrideGlobalObjects: process.argv.includes("--cli-settings"),
});
process.stdout.write(`${server.url}\n`);
process.on("SIGTERM", () => {
  server.close().then(() => process.exit(0));
});
