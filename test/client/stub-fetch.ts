// A fetch to inject into the client: answers each call with the next scripted reply and
// records every request, so tests need neither a server nor patched globals.
import type { PlantStoreFetch } from "../../src/client/index.js";

/**
 * A reply: a Response, an error to reject with, `hang` (until the Request's signal aborts, as
 * a real fetch to a server that never answers), `ignore` (never settles, as a fetch that
 * ignores the signal), or a function.
 */
export type Reply =
  | Response
  | Error
  | "hang"
  | "ignore"
  | ((request: Request) => Response | Promise<Response>);

export interface StubFetch extends PlantStoreFetch {
  requests: Request[];
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });

export const apiError = (status: number, message: string, headers: Record<string, string> = {}) =>
  json({ error: status, message }, status, headers);

/** Replies in order; the last reply repeats once the script runs out. */
export function stubFetch(...replies: Reply[]): StubFetch {
  const requests: Request[] = [];
  // One argument, as the client calls it: everything, the signal included, is on the Request.
  const fetch = async (request: Request): Promise<Response> => {
    requests.push(request);
    const reply = replies[Math.min(requests.length, replies.length) - 1] ?? json([]);
    const { signal } = request;
    if (reply === "ignore") return new Promise<never>(() => {});
    if (reply === "hang") {
      // Like a real fetch to a server that never answers: only the signal ends it.
      return new Promise((_, reject) => {
        signal.throwIfAborted();
        signal.addEventListener("abort", () => reject(signal.reason));
      });
    }
    if (reply instanceof Error) throw reply;
    const response = typeof reply === "function" ? await reply(request) : reply;
    // A Response's body can be read once; a repeated reply hands out a copy.
    return response.clone();
  };
  return Object.assign(fetch, { requests });
}

export const plants = [{ name: "Monstera", tag: "tropical" }, { name: "Fern" }];
