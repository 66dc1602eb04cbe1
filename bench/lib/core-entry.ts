// The core and its options, for bench/core-per-request.ts to load bundled as tsup builds dist/
// (tsx would add its per-function helpers to every call it times).
export { readMockOptions } from "../../src/mock/mock-options.js";
export { createPlantStoreCore } from "../../src/mock/plant-store-core.js";
