/**
 * Which requests the Prism proxy does not hand to our server unchanged (measured with
 * prism-cli 5.14.2, see TOOL-NOTES.md). Prism answers these itself, or rewrites them before
 * forwarding, so their answers would say nothing about our server; the checked fetch sends
 * them to the server directly and validates the answer against openapi.yaml with Ajv instead.
 * Returns why, or undefined when Prism forwards the request faithfully.
 */
export function whyPrismCannotForward(request: Request, body: string): string | undefined {
  const { pathname } = new URL(request.url);
  if (pathname !== "/plants") return "Prism answers paths outside openapi.yaml itself (404)";
  if (request.method !== "GET" && request.method !== "POST") {
    return "Prism answers methods outside openapi.yaml itself (405), preflights included";
  }
  // Prism enforces bearerAuth on its own: no header, another scheme, "bearer" in lower case
  // or an empty token get Prism's 401. One plain token is forwarded as it is.
  if (!/^Bearer [!-~]+$/.test(request.headers.get("authorization") ?? "")) {
    return "Prism answers requests without a well-formed bearer token itself (401)";
  }
  if (request.method === "POST") return whyBodyIsNotForwarded(request, body);
  return undefined;
}

function whyBodyIsNotForwarded(request: Request, body: string): string | undefined {
  const contentType = request.headers.get("content-type");
  // Without one, the forwarding fetch labels the body text/plain.
  if (contentType === null) return "Prism forwards a body without Content-Type as text/plain";
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType)) return undefined;
  // Prism parses JSON bodies and forwards JSON.stringify of the result: malformed JSON gets
  // Prism's own 400, and `"s"`, `null`, `1.0`, duplicate keys or spacing arrive rewritten.
  try {
    if (JSON.stringify(JSON.parse(body)) === body && /^[[{]/.test(body)) return undefined;
  } catch {
    return "Prism answers malformed JSON bodies itself (400)";
  }
  return "Prism forwards JSON bodies re-serialized, not byte for byte";
}
