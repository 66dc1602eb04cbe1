import type { PlantStoreFetchHandler } from "../mock/types.js";

const JSON_HEADERS = { "content-type": "application/json" };
const FAILED = JSON.stringify({
  error: 500,
  message: "The server failed while handling the request.",
});
const BAD_TARGET = JSON.stringify({
  error: 400,
  message: "The request target is not a valid URL path.",
});
const BAD_HOST = JSON.stringify({
  error: 400,
  message: "The Host header is missing or not a valid host.",
});

/**
 * The handler answers every input itself; this catches what it did not foresee (a store
 * passed in by the user that throws, a client gone mid-body) so the client gets the
 * contract's Error body instead of the adapter's empty 500, and no stack trace leaks.
 */
export function catchHandlerFailures(
  handler: PlantStoreFetchHandler,
): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      return await handler(request);
    } catch {
      return new Response(FAILED, { status: 500, headers: JSON_HEADERS });
    }
  };
}

/** The answer when the adapter cannot even build a Request from what was received. */
export function requestTargetError(error: unknown): Response {
  // The adapter's errors say "Missing host header" or "Invalid host header" for the Host.
  const badHost = error instanceof Error && /\bhost\b/i.test(error.message);
  return new Response(badHost ? BAD_HOST : BAD_TARGET, { status: 400, headers: JSON_HEADERS });
}
