import { afterAll, afterEach, expect, vi } from "vitest";
import { describePlantStoreContract } from "../contract-suite/plant-store-contract.js";
import { ConformanceLedger } from "./harness/conformance-ledger.js";
import { type ProxiedServer, startProxiedServer } from "./harness/proxied-server.js";

// The shared contract suite, every case, through Prism validating each answer against
// openapi.yaml. The suite's own assertions check statuses and bodies; the checked fetch adds
// "no sl-violations, never Prism's own answer" to every request it sends.
const ledger = new ConformanceLedger("contract-through-prism");

// One case starts a second target (createStatus 200) inside the test: Prism needs a second or
// two to start, more when every core is busy running the rest of `npm test`.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
const started: ProxiedServer[] = [];

afterEach(() => {
  // A violation thrown inside the SDK surfaces as a connection error; this names it plainly.
  expect(ledger.takeViolations(), "spec violations seen by Prism or Ajv").toEqual([]);
});

afterAll(async () => {
  // Targets the suite closes itself are closed again harmlessly; a failed test may skip it.
  await Promise.all(started.map((target) => target.close()));
  ledger.write();
});

describePlantStoreContract("standalone server behind the Prism proxy", async (options) => {
  const target = await startProxiedServer(options, ledger);
  started.push(target);
  return {
    baseUrl: target.proxyUrl,
    fetch: target.fetch,
    store: target.store,
    faults: target.server,
    close: () => target.close(),
  };
});
