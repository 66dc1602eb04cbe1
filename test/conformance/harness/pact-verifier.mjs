// Runs Pact's own provider verification (@pact-foundation/pact's Verifier, from test-tools/)
// against a running Plant Store. Pact needs Node 22 or newer, so the pact tools test starts
// this script under the `node` 24 binary test-tools/ installs. Its last line is the verdict:
// `PACT_VERDICT {"passed": boolean, "error"?: string}`.
//   node pact-verifier.mjs <provider-url> <pact-file> <token>
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const [providerBaseUrl, pactFile, token] = process.argv.slice(2);
const testTools = fileURLToPath(new URL("../../../test-tools/package.json", import.meta.url));
const { Verifier } = createRequire(testTools)("@pact-foundation/pact");

const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
const post = (path, body) =>
  fetch(`${providerBaseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
// The admin endpoints live at the server's root, whatever its base path.
const reset = () =>
  fetch(`${new URL(providerBaseUrl).origin}/__admin/reset`, {
    method: "POST",
    headers: { "content-type": "application/json" },
  });

const verifier = new Verifier({
  providerBaseUrl,
  pactUrls: [pactFile],
  logLevel: "error",
  // The pact carries a placeholder; the provider's own token replaces it.
  customProviderHeaders: { Authorization: `Bearer ${token}` },
  // Each interaction starts from the seed, then its provider states are set up.
  beforeEach: reset,
  stateHandlers: {
    "the caller has created plants": async (params) => {
      for (const plant of params.plants) await post("/plants", plant);
    },
    "no plant has the id": async () => {},
    "a plant has the id": async (params) => {
      await post("/plants", { name: "Already here", id: params.id });
    },
  },
});

// Pact's core writes its report straight to standard output; the verdict is the last line.
const verdict = await verifier.verifyProvider().then(
  () => ({ passed: true }),
  (error) => ({ passed: false, error: error instanceof Error ? error.message : String(error) }),
);
process.stdout.write(`\nPACT_VERDICT ${JSON.stringify(verdict)}\n`);
