// Jest runs the matchers' Jest suite (test/matchers/jest.test.ts starts it) against the built
// package in dist/, reached by the package's own name as a user's project reaches it.
const { join } = require("node:path");

const dist = join(__dirname, "../../../dist");

/** @type {import("jest").Config} */
module.exports = {
  rootDir: __dirname,
  testMatch: ["<rootDir>/*.test.cjs"],
  testEnvironment: "node",
  moduleNameMapper: {
    "^plant-store-sdk/matchers/jest$": join(dist, "matchers/jest.cjs"),
    "^plant-store-sdk/(mock|server)$": join(dist, "$1/index.cjs"),
  },
};
