#!/usr/bin/env node
// The `plant-store-mock` command: the reference Plant Store on localhost for demos.
import { parseCliArgs } from "./cli-args.js";
import { HELP_TEXT } from "./help-text.js";
import { oneLine } from "./one-line.js";
import { readPackageVersion } from "./package-version.js";
import { type CliOutput, runServer } from "./run-server.js";

const USAGE_ERROR = 2;

// A reader that goes away (`plant-store-mock | head -1`, a test runner that read the URL
// and closed the pipe) must not take the server down: output to that stream just stops.
const closed = new Set<NodeJS.WriteStream>();
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", () => closed.add(stream));
}
const writeLine = (stream: NodeJS.WriteStream, line: string) => {
  if (!closed.has(stream)) stream.write(`${line}\n`);
};

async function main(): Promise<number> {
  const output: CliOutput = {
    out: (line) => writeLine(process.stdout, line),
    err: (line) => writeLine(process.stderr, line),
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
    // Bad flags, an unusable seed or data file, a taken port: one line, nothing else.
    output.err(`plant-store-mock: ${oneLine((error as Error).message)}`);
    return USAGE_ERROR;
  }
}

process.exitCode = await main();
