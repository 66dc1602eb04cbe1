// The CLI's whole-number flags, read from their text: --port, the time limits, --generate and
// --generate-seed. The Testcontainers module (withGenerate) checks its numbers here too, so both
// refuse a value with the same sentence.
import { MAX_SEED } from "../../contract/seeded-random.js";
import { MAX_GENERATED_PLANTS } from "../../mock/store/generated-plants.js";

/** `--generate <count>` and `--generate-seed <n>`, which means nothing without it. */
export function readGenerate(
  count: string | undefined,
  seed: string | undefined,
): { count: number; seed: number | undefined } | undefined {
  if (count === undefined) {
    if (seed !== undefined) {
      throw new TypeError(
        "--generate-seed goes with --generate <count>: it chooses the plants --generate makes.",
      );
    }
    return undefined;
  }
  return {
    count: integer(count, "--generate", 0, MAX_GENERATED_PLANTS) as number,
    seed: integer(seed, "--generate-seed", 0, MAX_SEED),
  };
}

/** `text` as a whole number from `min` to `max`; undefined stays undefined (the default). */
export function integer(
  text: string | undefined,
  flag: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new RangeError(`${flag} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}
