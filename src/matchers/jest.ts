/**
 * The matchers for Jest, with their types on the `expect` of `@jest/globals` (Jest's own
 * types, from its `expect` package). Guide: docs/assertions.md.
 *
 * @module plant-store-sdk/matchers/jest
 */
import type { PlantStoreMatchers } from "./index.js";

export { plantStoreMatchers } from "./index.js";

// In this repository `expect` comes from test-tools/, which building does not need; a Jest
// project always has it. The type parameters repeat Jest's own, as merging requires.
// biome-ignore lint/suspicious/noTsIgnore: an expect-error would fail where `expect` resolves
// @ts-ignore
declare module "expect" {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends PlantStoreMatchers<R> {}
}
