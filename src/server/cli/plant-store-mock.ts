#!/usr/bin/env node
import { readFile } from "node:fs/promises";
import { oneLine, readPackageVersion } from "../../command-line/command-line.js";
import type { SeedPlant } from "../../contract/plant-types.js";
import { generatePlants } from "../../mock/store/generated-plants.js";
// The `plant-store-mock` command: the reference Plant Store on localhost for demos. It
// parses the flags, starts the server, prints the banner, and stops gracefully on SIGINT or
// SIGTERM. Every mistake at start (a flag, the seed or data file, a taken port) is one line
// on stderr and exit code 2.
import { startPlantStoreServer } from "../start-server.js";
import { type CliCommand, parseCliArgs } from "./cli-args.js";
import { bannerLines, formatShadowSummary, HELP_TEXT } from "./cli-output.js";
import { checkSeedPlants } from "./seed-plants.js";

const USAGE_ERROR = 2;

interface CliOutput {
  out(line: string): void;
  err(line: string): void;
  /** A request's log line: on stdout, gathered (see `requestLines`). */
  request(line: string): void;
}

// A reader that goes away (`plant-store-mock | head -1`, a test runner that read the URL
// and closed the pipe) must not take the server down: output to that stream just stops.
const closed = new Set<NodeJS.WriteStream>();
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", () => closed.add(stream));
}
const write = (stream: NodeJS.WriteStream, text: string) => {
  if (!closed.has(stream)) stream.write(text);
};

// Request lines are gathered and written once per turn of the event loop: Node writes to pipes
// and files synchronously, and a write per request would wake whoever reads the pipe each time
// (docs/performance.md). Any other stdout line sends the gathered ones first, and they are sent
// at exit, so none is lost or reordered.
let requestLines = "";
const flushRequestLines = () => {
  const text = requestLines;
  requestLines = "";
  if (text !== "") write(process.stdout, text);
};
process.on("exit", flushRequestLines);

async function main(): Promise<number> {
  const output: CliOutput = {
    out: (line) => {
      flushRequestLines();
      write(process.stdout, `${line}\n`);
    },
    err: (line) => write(process.stderr, `${line}\n`),
    request: (line) => {
      if (requestLines === "") setImmediate(flushRequestLines);
      requestLines += `${line}\n`;
    },
  };
  try {
    const command = parseCliArgs(process.argv.slice(2), process.env);
    if (command.kind === "help") {
      process.stdout.write(HELP_TEXT);
      return 0;
    }
    if (command.kind === "version") {
      output.out(readPackageVersion());
      return 0;
    }
    return await runServer(command, output);
  } catch (error) {
    output.err(`plant-store-mock: ${oneLine((error as Error).message)}`);
    return USAGE_ERROR;
  }
}

/**
 * Starts the server for a parsed `run` command and stops it gracefully on SIGINT/SIGTERM.
 * Resolves with the exit code once it has stopped; a failure to start rejects.
 */
async function runServer(
  command: Extract<CliCommand, { kind: "run" }>,
  output: CliOutput,
): Promise<number> {
  const fromFile =
    command.seedFile === undefined ? undefined : await loadSeedFile(command.seedFile);
  // The file's plants first, then the generated ones; a data file that exists already holds
  // the store, so then neither is used (persistence/open-data-file.ts).
  const generated =
    command.generate && generatePlants(command.generate.count, { seed: command.generate.seed });
  const seed = generated === undefined ? fromFile : [...(fromFile ?? []), ...generated];
  const { tokens, ...serverOptions } = command.server;
  const server = await startPlantStoreServer({
    ...serverOptions,
    ...(command.shadow === undefined ? { tokens, seed } : { shadow: { baseUrl: command.shadow } }),
    logRequests: !command.quiet,
    log: (line, kind) => {
      if (kind === "error") output.err(line);
      else if (!command.quiet) output.request(line);
    },
  });
  for (const line of bannerLines({
    url: server.url,
    tokens: command.server.tokens,
    source: command.tokenSource,
    dataFile: command.server.dataFile,
    shadow: command.shadow,
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
        () => {
          const summary = server.shadowSummary();
          if (summary !== undefined)
            for (const line of formatShadowSummary(summary)) output.out(line);
          resolve(0);
        },
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

/** Reads `--seed <file.json>`: an array of `{ name, tag?, id? }`, checked item by item. */
async function loadSeedFile(path: string): Promise<SeedPlant[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "no such file"
        : (error as Error).message;
    throw new TypeError(`--seed ${path}: cannot read the file (${reason}).`);
  }
  let text: string;
  try {
    // fatal: a byte that is no UTF-8 fails here rather than becoming U+FFFD in a plant's
    // name; a leading byte order mark (editors on Windows write one) is dropped, as
    // request bodies do.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TypeError(`--seed ${path}: not valid UTF-8 text; save the file as UTF-8.`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`--seed ${path}: not valid JSON (${(error as Error).message}).`);
  }
  return checkSeedPlants(data, `--seed ${path}`);
}

process.exitCode = await main();
