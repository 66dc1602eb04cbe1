import type { NewPlant } from "./types.js";

// Arguments that can never succeed are refused before anything is sent, as a TypeError
// naming the field: a programming error, not a failed call. (A wrong `id` or `tag` type is
// left to the compiler and the server's 400, to keep the browser bundle small.)
const refuse = (message: string): never => {
  throw new TypeError(message);
};

export function assertListParams(params: { limit?: number } | undefined): void {
  const limit = params?.limit;
  // `x | 0` is x only for an int32 (never for NaN, a fraction, a string or 2^31 and up).
  if (limit !== undefined && !(limit === (limit | 0) && limit >= 0)) {
    refuse("limit must be an integer from 0 to 2147483647");
  }
}

export function assertNewPlant(plant: NewPlant): void {
  if (!plant?.name || typeof plant.name !== "string") refuse("name must be a non-empty string");
}
