// A list's query: `limit`, by the contract's rule (list-limit.ts). Only the canonical decimal
// form is taken ("0", "10", "2147483647"): signs, spaces, leading zeros, exponents, fractions
// and empty values are refused, so one number has one spelling and nothing is rounded.
import { isListLimit, LIMIT_MESSAGE } from "../../contract/list-limit.js";

const LIMIT_REPEATED_MESSAGE = "limit must be given at most once.";

const CANONICAL_INT = /^(?:0|[1-9][0-9]{0,9})$/;

export type LimitResult = { ok: true; limit: number | undefined } | { ok: false; message: string };

const NO_LIMIT: LimitResult = { ok: true, limit: undefined };

/** Reads `limit` from a URL's search string ("" or "?..."); other parameters are ignored. */
export function parseLimitParam(search: string): LimitResult {
  // Fast path for the common request; a percent-encoded name still goes the full way.
  if (search === "" || (!search.includes("limit") && !search.includes("%"))) return NO_LIMIT;
  const values = new URLSearchParams(search).getAll("limit");
  if (values.length === 0) return NO_LIMIT;
  if (values.length > 1) return { ok: false, message: LIMIT_REPEATED_MESSAGE };
  const raw = values[0] as string;
  // The length bound in the pattern keeps a limit of thousands of digits cheap to refuse.
  if (!CANONICAL_INT.test(raw)) return { ok: false, message: LIMIT_MESSAGE };
  const limit = Number(raw);
  if (!isListLimit(limit)) return { ok: false, message: LIMIT_MESSAGE };
  return { ok: true, limit };
}
