// The matchers in Jest: the runners' shared suite (../support/runner-suite.cjs), with Jest's
// describe, test and expect. Vitest runs the same checks in test/matchers/matchers.test.ts.
const { plantStoreMatchers } = require("plant-store-sdk/matchers/jest");
const { createPlantStoreFetchHandler } = require("plant-store-sdk/mock");
const { runMatcherSuite } = require("../support/runner-suite.cjs");

expect.extend(plantStoreMatchers);

// Jest prints the matcher's message alone.
runMatcherSuite({ describe, test, expect, createPlantStoreFetchHandler, header: () => [] });
