// measurePerCall (./per-call.ts) with every candidate in a Node process of its own. Clients
// that share a process also share the JIT's state for the code they all go through (undici's
// Request, Headers and Response, openapi-fetch): in one process the SDK's figure moved by 7%
// depending on whether axios ran beside it. An app runs one client, so each candidate gets a
// process, warmed up alone; the parent still has them take turns round by round, in rotating
// order, so load on the shared machine hits all of them alike and ratios pair within a round.
import { type ChildProcess, fork } from "node:child_process";
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

/** A candidate's process: `next()` is its next message, or an error if it exits first. */
interface Worker {
  child: ChildProcess;
  next(): Promise<WorkerMessage>;
}

function startWorker(init: WorkerStart): Worker {
  const child = fork(WORKER, [JSON.stringify(init)], {
    execArgv: ["--expose-gc", "--import", "tsx"],
  });
  // One listener of each kind for the worker's life (not one per round, which would pile up).
  let waiting: { resolve(message: WorkerMessage): void; reject(error: Error): void } | undefined;
  child.on("message", (message: WorkerMessage) => waiting?.resolve(message));
  child.on("exit", (code) =>
    waiting?.reject(new Error(`a benchmark worker exited (code ${code}) before answering`)),
  );
  return {
    child,
    next: () =>
      new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      }),
  };
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
  const start = (index: number) =>
    startWorker({ module, options, index, warmupCalls: plan.warmupCalls });
  // The first process says how many candidates there are; the others are started after it,
  // one at a time, so that warm-ups do not compete.
  const first = start(0);
  const workers = [first];
  try {
    const { names } = (await first.next()) as { names: string[] };
    for (let index = 1; index < names.length; index++) {
      const worker = start(index);
      workers.push(worker);
      await worker.next();
    }
    const samples = names.map(() => [] as number[]);
    for (let round = 0; round < plan.rounds; round++) {
      for (let turn = 0; turn < names.length; turn++) {
        const index = (round + turn) % names.length;
        const worker = workers[index] as Worker;
        const answer = worker.next();
        worker.child.send({ calls: plan.callsPerRound });
        samples[index]?.push(((await answer) as { ns: number }).ns);
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
    for (const worker of workers) worker.child.kill();
  }
}
