// measurePerCall (./per-call.ts) with every candidate in a Node process of its own. Clients
// that share a process also share the JIT's state for the code they all go through (undici's
// Request, Headers and Response, openapi-fetch): in one process the SDK's figure moved by 7%
// depending on whether axios ran beside it. An app runs one client, so each candidate gets a
// process, warmed up alone; the parent still has them take turns round by round, in rotating
// order, so load on the shared machine hits all of them alike and ratios pair within a round.
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { median, type PerCallPlan, type PerCallResult } from "./per-call.js";

const WORKER = fileURLToPath(new URL("./per-call-worker.ts", import.meta.url));

/** What the parent and a candidate's process say to each other. */
export type WorkerMessage =
  | { names: string[] } // worker -> parent, once warmed up: every candidate the module has
  | { ns: number }; // worker -> parent: mean time of one call in the round just run

/** The arguments a worker is started with (JSON in argv). */
export interface WorkerStart {
  /** Absolute path of a module exporting `candidates(options): Promise<Candidate[]>`. */
  module: string;
  options: unknown;
  /** Which candidate this process runs: its index in the module's list. */
  index: number;
  warmupCalls: number;
}

async function reply(child: ChildProcess): Promise<WorkerMessage> {
  const exited = once(child, "exit").then(([code]) => {
    throw new Error(`a benchmark worker exited (code ${code}) before answering`);
  });
  return Promise.race([once(child, "message").then(([message]) => message), exited]);
}

/**
 * Times each candidate of `module` (see WorkerStart) in its own process: all warm up, then
 * `plan.rounds` rounds in which each runs `plan.callsPerRound` calls after a GC.
 */
export async function measurePerCallInProcesses(
  module: string,
  options: unknown,
  plan: PerCallPlan,
): Promise<PerCallResult[]> {
  const start = (index: number) => {
    const init: WorkerStart = { module, options, index, warmupCalls: plan.warmupCalls };
    return fork(WORKER, [JSON.stringify(init)], { execArgv: ["--expose-gc", "--import", "tsx"] });
  };
  // The first process says how many candidates there are; the others are started after it.
  const workers = [start(0)];
  try {
    const first = (await reply(workers[0] as ChildProcess)) as { names: string[] };
    const { names } = first;
    for (let index = 1; index < names.length; index++) {
      const worker = start(index);
      workers.push(worker);
      await reply(worker); // warmed up, one at a time so warm-ups do not compete
    }
    const samples = names.map(() => [] as number[]);
    for (let round = 0; round < plan.rounds; round++) {
      for (let turn = 0; turn < names.length; turn++) {
        const index = (round + turn) % names.length;
        const worker = workers[index] as ChildProcess;
        worker.send({ calls: plan.callsPerRound });
        samples[index]?.push(((await reply(worker)) as { ns: number }).ns);
      }
    }
    return names.map((name, index) => {
      const rounds = samples[index] ?? [];
      return {
        name,
        medianNs: median(rounds),
        minNs: Math.min(...rounds),
        maxNs: Math.max(...rounds),
        roundsNs: rounds,
      };
    });
  } finally {
    for (const worker of workers) worker.kill();
  }
}
