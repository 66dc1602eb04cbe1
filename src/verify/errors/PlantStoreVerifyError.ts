import { brand } from "../../contract/brand.js";

/**
 * The run could not be judged at all: bad options, a service that cannot be reached, or a
 * service that rejects the token it was given. `plant-store-verify` exits 2 on it. Problems
 * found in the answers are never thrown; they are in the report.
 */
export class PlantStoreVerifyError extends Error {
  constructor(
    readonly code: "invalid-options" | "unreachable" | "token-rejected",
    message: string,
  ) {
    super(message);
  }
}
brand(PlantStoreVerifyError, "PlantStoreVerifyError");
