// Passing the deployment's answer on to the app as it arrives: its status and headers (less
// the hop-by-hop ones, and those the proxy answers for itself), then its body's bytes
// unchanged, whatever their encoding, at the pace the app takes them. A copy of the first
// bytes is kept to compare (answer-copy.ts); nothing else of the body stays in memory.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CoreAnswer, HeaderRecord } from "../contract/core-exchange.js";
import { hopByHopOf } from "../contract/hop-by-hop-headers.js";
import type { CappedCopy } from "./answer-copy.js";
import type { DeploymentAnswer, Ending } from "./deployment-client.js";

/** What the Node adapter hands the proxy with a request it takes (node-adapter.ts). */
export interface RawExchange {
  incoming: IncomingMessage;
  response: ServerResponse;
  /** Writes an answer made of a CoreAnswer as the adapter writes the core's. */
  answer(answer: CoreAnswer): void;
}

// The browser talks to the proxy, whose CORS headers replace the deployment's; a cookie is not
// part of this API; proxy-* headers are hop-by-hop (RFC 2616 13.5.1).
const THE_PROXYS_OWN = /^(?:access-control-.*|set-cookie|proxy-.*)$/;

/** A header of the answer by lower-case name, repeated lines joined with ", ". */
export function headerOf(rawHeaders: readonly string[], name: string): string | undefined {
  const values: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === name) values.push(rawHeaders[i + 1] ?? "");
  }
  return values.length === 0 ? undefined : values.join(", ");
}

/** The answer's header lines as passed on (flat, as writeHead takes them), then `own`. */
export function passedHeaders(rawHeaders: readonly string[], own: HeaderRecord): string[] {
  const dropped = hopByHopOf(headerOf(rawHeaders, "connection"));
  const lines: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] ?? "";
    const lower = name.toLowerCase();
    if (!dropped.has(lower) && !THE_PROXYS_OWN.test(lower))
      lines.push(name, rawHeaders[i + 1] ?? "");
  }
  for (const [name, value] of Object.entries(own)) lines.push(name, value);
  return lines;
}

export type Passed =
  /** The head could not be written (a header the app cannot be sent): nothing reached the app. */
  | { headSent: false; reason: string }
  /**
   * The head went out; `ending` says whether the body followed whole. Its last part is held
   * back until `finish()`: an app whose answer is whole (its Content-Length reached) finds the
   * request already filed.
   */
  | {
      headSent: true;
      ending: Ending;
      finish(): void;
      /** Sends what came of the body, then cuts the app's connection: no 502 can follow a head. */
      cut(): void;
    };

/**
 * Writes the head, then every part of the body as it comes (each once the next has come),
 * copying it into `copy`; resolves once the deployment's body ended, whole or not, leaving the
 * app's answer for the caller to finish (after it filed the request) or to cut.
 */
export async function passAnswer(
  answer: DeploymentAnswer,
  response: ServerResponse,
  own: HeaderRecord,
  copy: CappedCopy,
): Promise<Passed> {
  // A pipelined request's answer waits for the ones before it on the connection.
  if (response.socket === null) {
    await new Promise((resolve) => {
      response.once("socket", resolve);
      response.once("close", resolve);
    });
  }
  if (response.destroyed) return { headSent: false, reason: "the app went away" };
  // The deployment's Date is passed on, and none is made up when it sent none.
  response.sendDate = false;
  try {
    response.writeHead(answer.status, answer.statusMessage, passedHeaders(answer.rawHeaders, own));
  } catch (error) {
    response.sendDate = true;
    const reason = `it sent a header the app cannot be sent (${(error as Error).message})`;
    return { headSent: false, reason };
  }
  // The app learns the status as soon as the proxy does, whatever the body then does.
  response.flushHeaders();
  let held: Buffer | undefined;
  answer.onData((chunk) => {
    copy.add(chunk);
    const part = held;
    held = chunk;
    if (part === undefined || response.destroyed) return;
    // The app takes no more for now: the deployment waits until it does.
    if (!response.write(part)) {
      answer.pause();
      response.once("drain", () => answer.resume());
    }
  });
  answer.resume();
  const ending = await answer.end;
  return {
    headSent: true,
    ending,
    finish: () => response.end(held),
    cut() {
      // Once what was written is flushed (the head too), so the app sees a body cut short.
      // An app that reads nothing more is cut at once.
      if (response.destroyed || response.writableNeedDrain) response.destroy();
      else response.write(held ?? "", () => response.destroy());
    },
  };
}
