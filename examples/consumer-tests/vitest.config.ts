// The reporter prints, at the end of the run, the answers of the contract no test made the
// app handle, merged over every test file and worker (each file calls recordCoverage).
import { PlantStoreCoverageReporter } from "plant-store-sdk/matchers/vitest";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { reporters: ["default", new PlantStoreCoverageReporter()] },
});
