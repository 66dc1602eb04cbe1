import type { PlantStoreFetchHandler } from "../mock/types.js";

const BODY = JSON.stringify({
  error: 500,
  message: "The server failed while handling the request.",
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
      return new Response(BODY, { status: 500, headers: { "content-type": "application/json" } });
    }
  };
}
