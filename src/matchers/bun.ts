/**
 * The matchers for Bun's test runner (`bun test`), with their types on the `expect` of
 * `bun:test` (Bun's types, from `@types/bun`). Bun gives a matcher no diff and no partial
 * equality, so the matchers bring plain ones: the messages read as in Vitest and Jest, without
 * colour. Guide: docs/assertions.md.
 *
 * @module plant-store-sdk/matchers/bun
 */
import type { PlantStoreMatchers } from "./index.js";

export { plantStoreMatchers } from "./index.js";

// Building does not need Bun's types; a Bun project has them, and an expect-error would fail
// there. The type parameter repeats Bun's own declaration, as merging requires.
// biome-ignore lint/suspicious/noTsIgnore: see above
// @ts-ignore
declare module "bun:test" {
  interface Matchers<T = unknown> extends PlantStoreMatchers<void> {}
}
