// One request as the journal holds it, from its arrival to its answer: raw text only, parsed
// when listed (listed-entry.ts).
import type { components } from "../../contract/generated/openapi-admin.js";
import type { PlantStoreOperation, ScriptedBy } from "../../contract/journal-entries.js";
import type { BreakKind } from "../scenarios/break-kinds.js";

/** A request on its way through the core; `finish` files its answer. */
export interface JournalRecord {
  /** The journal's sequence number, given at arrival. */
  readonly seq: number;
  /** The operation the method and path match, or `null`. */
  readonly operation: PlantStoreOperation | null;
  readonly method: string;
  readonly path: string;
  readonly search: string;
  /** performance.now() at arrival; with performance.timeOrigin it also gives the wall time. */
  readonly started: number;
  /** 0 until answered, and for an answer that sends none (a dropped connection). */
  status: number;
  /** False until answered: an unanswered request is not listed yet. */
  answered: boolean;
  durationMs: number;
  /** Set by the core once it has read a create body. */
  bodyText: string | undefined;
  /** The caller's bearer token once authenticated: redacted from every entry while this one is kept. */
  token: string | undefined;
  /** Set by the core when a scenario, not the contract's rules, made the answer. */
  scripted: ScriptedBy | undefined;
  /** Set by the core when breakNext or chaos broke the answer. */
  broken: BreakKind | undefined;
  /** Set when the test's code failed to script the answer (respondWith, a `when` that threw). */
  scriptProblem: string | undefined;
  /** The Error body of a refusal of what the caller sent (`noteViolation`), read when listed. */
  violation: string | undefined;
  /** What the shadow proxy found in the deployment's answer to it (src/shadow/). */
  shadow: ShadowFindings | undefined;
}

/** A forwarded request's findings: where the deployment broke openapi.yaml, or departed from us. */
export type ShadowFindings = NonNullable<components["schemas"]["JournalEntryFields"]["shadow"]>;
