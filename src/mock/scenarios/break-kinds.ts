// The ways `breakNext` (and chaos) break an answer beyond what the contract describes.
import type { components } from "../../contract/generated/openapi-admin.js";

/**
 * The ways `breakNext` breaks an answer beyond what the contract describes, in the order the
 * docs list them (one home: a test holds openapi.admin.yaml's enums to it): no answer, no
 * answer until dropped, a 2xx body cut off, a 2xx body that is not JSON, a 2xx JSON body of
 * the wrong shape.
 */
export const BREAK_KINDS = [
  "network-error",
  "hang",
  "truncated",
  "malformed-json",
  "wrong-shape",
] as const satisfies readonly NonNullable<components["schemas"]["Fault"]["break"]>[];

/** How `breakNext` breaks the next call(s); see {@link BREAK_KINDS}. */
export type BreakKind = (typeof BREAK_KINDS)[number];
