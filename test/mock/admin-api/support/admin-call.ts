// Calls an admin endpoint of a running server and checks the answer against
// openapi.admin.yaml, as the API's answers are checked against openapi.yaml: a status the
// operation declares (or its `default`), the Error body on failure, the schema's body on success.
import { expect } from "vitest";
import { createSpecValidator } from "../../../conformance/harness/spec-validator.js";

const adminSpec = createSpecValidator("openapi.admin.yaml");

export interface AdminAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
}

export interface AdminCallOptions {
  body?: unknown;
  /** Sent as is instead of JSON.stringify(body). */
  rawBody?: string;
  headers?: Record<string, string>;
  /** The spec's path when `path` is one of its templates filled in: "/__admin/sandboxes/{id}/coverage". */
  specPath?: string;
}

/** `origin` is the server's origin; `path` such as "/__admin/reset". */
export async function adminCall(
  origin: string,
  method: string,
  path: string,
  options: AdminCallOptions = {},
): Promise<AdminAnswer> {
  // As the admin client does: every POST and PUT is JSON, even without a body.
  const json = method === "POST" || method === "PUT";
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(json ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
    body:
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  // The spec's paths have no query (GET /__admin/requests?operation=... is /__admin/requests).
  const specPath = options.specPath ?? path.split("?")[0] ?? path;
  const body = text === "" ? undefined : (JSON.parse(text) as unknown);
  if (response.status === 204) {
    expect(text, `${method} ${path} 204 carries no body`).toBe("");
    expect(adminSpec.declaresStatus(method, specPath, 204), `${method} ${path} declares 204`).toBe(
      true,
    );
  } else {
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(
      adminSpec.validateResponse(method, specPath, response.status, body),
      `${method} ${path} ${response.status} matches openapi.admin.yaml`,
    ).toEqual([]);
  }
  return { status: response.status, headers: response.headers, body };
}
