import { describe, expect, it } from "vitest";
import { whyPrismCannotForward } from "./harness/prism-forwarding.js";

// The routing rule decides which answers Prism validates and which Ajv validates. Too narrow
// and a test fails on Prism's own answer; too wide and requests silently skip Prism, so both
// directions are pinned here.
const auth = { authorization: "Bearer token-a" };
const json = { ...auth, "content-type": "application/json" };

function route(method: string, path: string, headers: Record<string, string>, body?: string) {
  const request = new Request(`http://127.0.0.1:4010${path}`, { method, headers, body });
  return whyPrismCannotForward(request, body ?? "");
}

describe("which requests go through Prism", () => {
  it.each([
    ["a plain list", () => route("GET", "/plants", auth)],
    ["a bad limit", () => route("GET", "/plants?limit=-1&limit=x", auth)],
    ["a token the server rejects", () => route("GET", "/plants", { authorization: "Bearer x" })],
    ["a compact JSON object", () => route("POST", "/plants", json, '{"name":"Fern","id":1.5}')],
    ["a compact JSON array", () => route("POST", "/plants", json, '[{"name":"x"}]')],
    [
      "a +json type",
      () => route("POST", "/plants", { ...json, "content-type": "application/vnd.x+json" }, "{}"),
    ],
    [
      "a non-JSON type, forwarded raw",
      () => route("POST", "/plants", { ...auth, "content-type": "text/plain" }, "{bad"),
    ],
  ])("forwards %s", (_, decide) => {
    expect(decide()).toBeUndefined();
  });

  it.each([
    ["no Authorization", () => route("GET", "/plants", {}), /401/],
    [
      "a Basic Authorization",
      () => route("GET", "/plants", { authorization: "Basic eDp5" }),
      /401/,
    ],
    ["an empty bearer token", () => route("GET", "/plants", { authorization: "Bearer " }), /401/],
    ["a lower-case scheme", () => route("GET", "/plants", { authorization: "bearer t" }), /401/],
    ["an unknown path", () => route("GET", "/plants/1", auth), /404/],
    ["an unsupported method", () => route("DELETE", "/plants", auth), /405/],
    ["a preflight", () => route("OPTIONS", "/plants", {}), /405/],
    ["malformed JSON", () => route("POST", "/plants", json, '{"name":'), /malformed/],
    ["an empty JSON body", () => route("POST", "/plants", json, ""), /malformed/],
    ["a JSON string", () => route("POST", "/plants", json, '"Fern"'), /re-serialized/],
    ["JSON null", () => route("POST", "/plants", json, "null"), /re-serialized/],
    ["JSON with spaces", () => route("POST", "/plants", json, '{ "name": "x" }'), /re-serialized/],
  ])("sends %s to the server directly", (_, decide, reason) => {
    expect(decide()).toMatch(reason);
  });

  it("sends a body without Content-Type directly", () => {
    const request = new Request("http://127.0.0.1:4010/plants", {
      method: "POST",
      headers: auth,
      body: new TextEncoder().encode('{"name":"x"}'),
    });
    expect(whyPrismCannotForward(request, '{"name":"x"}')).toMatch(/text\/plain/);
  });
});
