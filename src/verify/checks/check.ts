// What a check is, what the checks of one run share, and how a check records what it found.
import type { Plant } from "../../client/types.js";
import type { ExchangeClient } from "../exchange.js";
import type { VerifyFinding } from "../types.js";

/** What the checks of one run share. */
export interface CheckContext {
  client: ExchangeClient;
  allowWrites: boolean;
  secondToken: string | undefined;
  /** Unique per run, written into every name and tag the run creates. */
  marker: string;
  /** The plain list as first seen (set by the `list` check when it succeeds). */
  visible?: Plant[];
  /** The plant the `create` check created. */
  createdName?: string;
}

export interface CheckDefinition {
  id: string;
  title: string;
  /** Why the check cannot run in this context; undefined when it can. */
  skipReason?: (context: CheckContext) => string | undefined;
  /** Records findings; returns the one-line detail shown when nothing was found. */
  run: (context: CheckContext, findings: Findings) => Promise<string>;
}

export const NEEDS_WRITES = "needs allowWrites (--allow-writes): it creates plants";

/** Collects what one check found, so the check's result follows from it. */
export class Findings {
  readonly list: VerifyFinding[] = [];

  violation(message: string): void {
    this.list.push({ result: "violation", message });
  }

  difference(message: string): void {
    this.list.push({ result: "difference", message });
  }

  get hasViolation(): boolean {
    return this.list.some((finding) => finding.result === "violation");
  }
}
