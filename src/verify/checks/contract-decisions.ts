// Our documented decisions where the service description is silent (CONTRACT.md, the behaviour
// table in docs/contract.md). Departing from them is a difference, never a violation.
import type { Exchange } from "../exchange.js";
import type { Findings } from "./check.js";

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
