// What a world answers to in process, as every entry hands it to its user: its scenarios' and
// its journal's methods (the set's own world or a sandbox's).
import type { World } from "./world.js";

/** What a world answers to in process: its scenarios and its journal (the global one or a sandbox's). */
export function worldVerbs({ faults, journal }: World) {
  return {
    failNext: faults.failNext,
    respondNext: faults.respondNext,
    respondWith: faults.respondWith,
    chaos: faults.chaos,
    delayNext: faults.delayNext,
    breakNext: faults.breakNext,
    clearFaults: faults.clearFaults,
    requests: journal.requests,
    violations: journal.violations,
    clearRequests: journal.clear,
    coverage: journal.coverage,
    clearCoverage: journal.clearCoverage,
    toPact: journal.toPact,
  };
}
