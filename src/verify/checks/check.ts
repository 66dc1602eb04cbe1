// What a check is, what the checks of one run share, how a check records what it found, and
// our documented decisions where the service description is silent (CONTRACT.md, the
// behaviour table in docs/contract.md): departing from them is a difference, never a violation.
import type { Plant } from "../../contract/plant-types.js";
import type { Exchange, ExchangeClient } from "../exchange.js";
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

const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);

/** A failure answers `status` with `error` equal to it and a message naming the field. */
export function expectErrorAnswer(
  findings: Findings,
  exchange: Exchange,
  expected: { status: number; field: string; names: RegExp },
): void {
  const { label, status, body } = exchange;
  if (status !== expected.status) {
    findings.difference(
      `${label} answered ${status}; the reference server answers ${expected.status}`,
    );
  }
  if (typeof body !== "object" || body === null) return;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === "number" && error !== status) {
    findings.difference(`${label} ${status}: error is ${error}, not the status ${status}`);
  }
  if (typeof message === "string" && !expected.names.test(message)) {
    findings.difference(
      `${label} ${status}: message ${quote(message)} does not name ${expected.field}`,
    );
  }
}

/** A 401 carries `WWW-Authenticate: Bearer realm="plant-store"` (+ invalid_token if sent). */
export function expectBearerChallenge(
  findings: Findings,
  exchange: Exchange,
  tokenWasSent: boolean,
): void {
  const { label, status } = exchange;
  const challenge = exchange.headers.get("www-authenticate");
  if (challenge === null) {
    findings.difference(`${label} ${status}: no WWW-Authenticate header`);
    return;
  }
  if (!/^Bearer\b/i.test(challenge) || !/realm="plant-store"/.test(challenge)) {
    findings.difference(
      `${label} ${status}: WWW-Authenticate is ${quote(challenge)}, not Bearer realm="plant-store"`,
    );
  }
  if (tokenWasSent && !/error="invalid_token"/.test(challenge)) {
    findings.difference(`${label} ${status}: WWW-Authenticate lacks error="invalid_token"`);
  }
}

export const isSuccess = (exchange: Exchange) => exchange.status >= 200 && exchange.status < 300;
