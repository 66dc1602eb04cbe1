// The contract against the image: plant-store-mock in a container, reached through its mapped
// port, with a path prefix; its store read, reset and given faults through the admin endpoints.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { createPlantStoreAdmin } from "../../src/admin/index.js";
import { describePlantStoreContract } from "../contract-suite/plant-store-contract.js";
import { describeWithEngine, runContainer } from "./support/containers.js";

const ADMIN_TOKEN = "contract-admin-token";
const folder = mkdtempSync(join(tmpdir(), "plant-store-container-contract-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describeWithEngine("the image as a serving path", () => {
  describePlantStoreContract(
    "container",
    async ({ tokens, createStatus, seed }) => {
      const seedFile = join(folder, `seed-${createStatus}.json`);
      writeFileSync(seedFile, JSON.stringify(seed));
      const container = await runContainer(
        [
          ...tokens.flatMap((token) => ["--token", token]),
          "--create-status",
          String(createStatus),
          "--seed",
          "/seed.json",
          "--base-path",
          "/v1",
          "--admin-token",
          ADMIN_TOKEN,
          "--quiet",
        ],
        ["--volume", `${seedFile}:/seed.json:ro`],
      );
      const admin = createPlantStoreAdmin({ baseUrl: container.url, token: ADMIN_TOKEN });
      return {
        baseUrl: `${container.url}/v1`,
        fetch: (input, init) => globalThis.fetch(input, init),
        store: admin,
        faults: admin,
        close: async () => {
          await container.stop(2);
        },
      };
    },
    { inProcess: false },
  );
});
