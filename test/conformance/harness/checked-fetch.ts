import type { ConformanceLedger } from "./conformance-ledger.js";
import { whyPrismCannotForward } from "./prism-forwarding.js";
import type { SpecValidator } from "./spec-validator.js";

/** Thrown by the checked fetch so the request that broke the spec fails where it was made. */
export class ConformanceViolationError extends Error {
  override name = "ConformanceViolationError";
}

/**
 * A fetch for requests addressed to the Prism proxy. Every answer is checked: through Prism,
 * no `sl-violations` header and no answer of Prism's own (its 500 VIOLATIONS or anything
 * else it generates); for the requests Prism cannot forward faithfully, our server is asked
 * directly and its answer validated against openapi.yaml. Each violation is recorded in the
 * ledger and thrown.
 */
export function createCheckedFetch(options: {
  proxyUrl: string;
  serverUrl: string;
  validator: SpecValidator;
  ledger: ConformanceLedger;
}): typeof fetch {
  const { proxyUrl, serverUrl, validator, ledger } = options;
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== new URL(proxyUrl).origin) {
      throw new Error(`checked fetch only serves ${proxyUrl}, got ${request.url}`);
    }
    const body = await request.arrayBuffer();
    const reason = whyPrismCannotForward(request, new TextDecoder().decode(body));
    const target = reason === undefined ? url : new URL(`${url.pathname}${url.search}`, serverUrl);
    ledger.requests++;
    if (reason === undefined) ledger.viaPrism++;
    else ledger.direct++;

    const response = await fetch(target, {
      method: request.method,
      headers: request.headers,
      body: body.byteLength > 0 ? body : undefined,
      signal: request.signal,
      redirect: "manual",
    });
    const problems =
      reason === undefined
        ? await findPrismViolations(response)
        : await findSpecViolations(validator, request.method, url.pathname, response);
    if (problems.length > 0) {
      const description = `${request.method} ${url.pathname}${url.search} -> ${response.status}: ${problems.join("; ")}`;
      ledger.recordViolation(description);
      throw new ConformanceViolationError(description);
    }
    return response;
  };
}

async function findPrismViolations(response: Response): Promise<string[]> {
  const problems: string[] = [];
  const violations = response.headers.get("sl-violations");
  if (violations !== null) problems.push(`sl-violations ${violations}`);
  // Our server never answers problem+json; a Prism error type means Prism answered in its
  // place (500 VIOLATIONS under --errors, or a request it refused to forward).
  if (response.headers.get("content-type")?.includes("problem+json")) {
    const text = await response.clone().text();
    if (text.includes("stoplight.io/prism/errors#"))
      problems.push(`Prism answered itself: ${text}`);
  }
  return problems;
}

async function findSpecViolations(
  validator: SpecValidator,
  method: string,
  path: string,
  response: Response,
): Promise<string[]> {
  // Preflights and HEAD answers carry no body to validate.
  if (method === "OPTIONS" || method === "HEAD" || response.status === 204) return [];
  const contentType = response.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    return [`content-type is "${contentType}", not application/json`];
  }
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`body is not JSON: ${text.slice(0, 200)}`];
  }
  return validator.validateResponse(method, path, response.status, body);
}
