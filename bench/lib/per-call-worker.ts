// One candidate's process for measurePerCallInProcesses (./per-call-processes.ts): warms the
// candidate up, reports the module's candidate names, then times one round per message.
import { pathToFileURL } from "node:url";
import { type Candidate, timeCalls } from "./per-call.js";
import type { WorkerMessage, WorkerStart } from "./per-call-processes.js";

const { module, options, index, warmupCalls }: WorkerStart = JSON.parse(process.argv[2] ?? "");
const { candidates }: { candidates(options: unknown): Promise<Candidate[]> } = await import(
  pathToFileURL(module).href
);
const all = await candidates(options);
const candidate = all[index];
if (!candidate) throw new Error(`no candidate ${index} in ${module}`);
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => {});
const send = (message: WorkerMessage) => process.send?.(message);

candidate.before?.();
await timeCalls(candidate, warmupCalls);
send({ names: all.map((each) => each.name) });
process.on("message", async ({ calls }: { calls: number }) => {
  candidate.before?.();
  collectGarbage();
  send({ ns: await timeCalls(candidate, calls) });
});
