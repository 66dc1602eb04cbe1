import { startPlantStoreServer } from "../start-server.js";
import { bannerLines } from "./banner.js";
import type { CliCommand } from "./cli-args.js";
import { loadSeedFile } from "./seed-file.js";

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Starts the server for a parsed `run` command and stops it gracefully on SIGINT/SIGTERM.
 * Resolves with the exit code once it has stopped. Start failures (seed file, data file,
 * port) reject, and the caller turns them into one line and exit code 2.
 */
export async function runServer(
  command: Extract<CliCommand, { kind: "run" }>,
  output: CliOutput,
): Promise<number> {
  const seed = command.seedFile === undefined ? undefined : await loadSeedFile(command.seedFile);
  const server = await startPlantStoreServer({
    ...command.server,
    seed,
    logRequests: !command.quiet,
    log: (line, kind) => {
      if (kind === "error") output.err(line);
      else if (!command.quiet) output.out(line);
    },
  });
  for (const line of bannerLines({
    url: server.url,
    tokens: command.server.tokens,
    source: command.tokenSource,
    dataFile: command.server.dataFile,
    ...(command.server.admin === undefined
      ? {}
      : { admin: { tokenSource: command.adminTokenSource } }),
  })) {
    output.out(line);
  }

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        // A second Ctrl+C means "now": give up on whatever is still in flight.
        output.err(`Received ${signal} again: exiting without waiting.`);
        process.exit(1);
      }
      stopping = true;
      server.close().then(
        () => resolve(0),
        (error: Error) => {
          output.err(`plant-store-mock: ${error.message}`);
          resolve(1);
        },
      );
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
