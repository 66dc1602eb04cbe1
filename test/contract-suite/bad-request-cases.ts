// Every request the contract rejects, with the exact answer. Plain data, so any serving
// path (MSW, the Node server, a Prism proxy in front of one) can replay it.
import { CONTRACT_MAX_BODY_BYTES, TOKEN_A } from "./contract-target.js";

export interface ContractRequest {
  method: string;
  /** Relative to the target's baseUrl, e.g. "/plants?limit=1". */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

export interface BadRequestCase {
  title: string;
  request: ContractRequest;
  status: number;
  message: string;
  /** Headers the answer must carry, names in lower case. */
  headers?: Record<string, string>;
}

const REALM = 'Bearer realm="plant-store"';
const INVALID = 'Bearer realm="plant-store", error="invalid_token"';
const ID_MESSAGE = "id must be an integer from 1 to 9007199254740991.";
const LIMIT_MESSAGE = "limit must be an integer from 0 to 2147483647.";
const ENCODING_MESSAGE =
  "The Content-Encoding header is not supported; send the body uncompressed (identity).";
const auth = { authorization: `Bearer ${TOKEN_A}` };
const json = { ...auth, "content-type": "application/json" };

function get(path: string, headers: Record<string, string> = auth): ContractRequest {
  return { method: "GET", path, headers };
}
function post(
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = json,
): ContractRequest {
  return { method: "POST", path: "/plants", headers, body };
}
function rejects(title: string, request: ContractRequest, message: string): BadRequestCase {
  return { title, request, status: 400, message };
}

/** `plantsPath` is the path of /plants under the target's prefix, e.g. "/v1/plants". */
export function badRequestCases(plantsPath: string): BadRequestCase[] {
  const oversized = `{"name":"${"x".repeat(CONTRACT_MAX_BODY_BYTES)}"}`;
  const missing = "The Authorization header is missing; send Authorization: Bearer <token>.";
  const rejected = "The bearer token in the Authorization header is not accepted.";
  const notFound = `The request path is not part of the Plant Store API; use ${plantsPath}.`;
  const unauthorized = (title: string, request: ContractRequest, message: string, www = REALM) =>
    ({ title, request, status: 401, message, headers: { "www-authenticate": www } }) as const;
  return [
    unauthorized("no Authorization header", get("/plants", {}), missing),
    unauthorized(
      "a Basic Authorization header",
      get("/plants", { authorization: "Basic dXNlcjpwYXNz" }),
      "The Authorization header must use the Bearer scheme.",
    ),
    unauthorized(
      "an empty bearer token",
      get("/plants", { authorization: "Bearer " }),
      "The Authorization header carries an empty Bearer token.",
    ),
    unauthorized(
      "a token that is not accepted",
      get("/plants", { authorization: "Bearer not-a-contract-token" }),
      rejected,
      INVALID,
    ),
    unauthorized(
      "a rejected token with a bad body (auth is checked first)",
      post("[", { authorization: "Bearer nope", "content-type": "application/json" }),
      rejected,
      INVALID,
    ),
    unauthorized(
      "a token followed by U+00A0 (only spaces and tabs surround a token)",
      get("/plants", { authorization: `Bearer ${TOKEN_A}\u00a0` }),
      rejected,
      INVALID,
    ),
    unauthorized("no token on an unknown path (auth before route)", get("/nowhere", {}), missing),
    unauthorized("no token with a bad limit", get("/plants?limit=-1", {}), missing),
    rejects("limit=-1", get("/plants?limit=-1"), LIMIT_MESSAGE),
    rejects("limit=1.5", get("/plants?limit=1.5"), LIMIT_MESSAGE),
    rejects("limit=abc", get("/plants?limit=abc"), LIMIT_MESSAGE),
    rejects("limit=2147483648", get("/plants?limit=2147483648"), LIMIT_MESSAGE),
    rejects("an empty limit", get("/plants?limit="), LIMIT_MESSAGE),
    rejects("limit=01 (leading zero)", get("/plants?limit=01"), LIMIT_MESSAGE),
    rejects("limit=-1 before a fragment", get("/plants?limit=-1#top"), LIMIT_MESSAGE),
    rejects("limit with 5000 digits", get(`/plants?limit=${"7".repeat(5000)}`), LIMIT_MESSAGE),
    rejects(
      "a repeated limit",
      get("/plants?limit=1&limit=2"),
      "limit must be given at most once.",
    ),
    { title: "an unknown path", request: get("/plant"), status: 404, message: notFound },
    { title: "a path below /plants", request: get("/plants/1"), status: 404, message: notFound },
    {
      title: "an unknown path with a fragment",
      request: get("/plant#s"),
      status: 404,
      message: notFound,
    },
    {
      title: "DELETE /plants",
      request: { method: "DELETE", path: "/plants", headers: auth },
      status: 405,
      message: `The DELETE method is not allowed on ${plantsPath}; use GET or POST.`,
      headers: { allow: "GET, POST" },
    },
    {
      title: "PUT /plants with a bad body (route before body)",
      request: { method: "PUT", path: "/plants", headers: json, body: "[" },
      status: 405,
      message: `The PUT method is not allowed on ${plantsPath}; use GET or POST.`,
      headers: { allow: "GET, POST" },
    },
    ...unsupportedMediaCases(),
    {
      title: "a body over the size limit",
      request: post(oversized),
      status: 413,
      message: `The request body is larger than the ${CONTRACT_MAX_BODY_BYTES}-byte limit.`,
    },
    {
      title: "an oversized body that is also not JSON (size before body)",
      request: post(`[${oversized}`),
      status: 413,
      message: `The request body is larger than the ${CONTRACT_MAX_BODY_BYTES}-byte limit.`,
    },
    rejects("malformed JSON", post('{"name":'), "The request body is not valid JSON."),
    rejects("an empty body", post(""), "The request body is not valid JSON."),
    rejects(
      "invalid UTF-8",
      post(new Uint8Array([0x7b, 0xff, 0x7d])),
      "The request body is not valid UTF-8.",
    ),
    rejects("a JSON array", post('[{"name":"x"}]'), "The request body must be a JSON object."),
    rejects("JSON null", post("null"), "The request body must be a JSON object."),
    rejects("a JSON string", post('"Fern"'), "The request body must be a JSON object."),
    rejects("name missing", post('{"tag":"x"}'), "name is required."),
    rejects("name empty", post('{"name":""}'), "name must not be empty."),
    rejects("name not a string", post('{"name":42}'), "name must be a string."),
    rejects("tag not a string", post('{"name":"x","tag":7}'), "tag must be a string."),
    rejects("id 0", post('{"name":"x","id":0}'), ID_MESSAGE),
    rejects("id negative", post('{"name":"x","id":-5}'), ID_MESSAGE),
    rejects("id fractional", post('{"name":"x","id":1.5}'), ID_MESSAGE),
    rejects("id a string", post('{"name":"x","id":"7"}'), ID_MESSAGE),
    rejects("id above 2^53-1", post('{"name":"x","id":9007199254740992}'), ID_MESSAGE),
    rejects(
      "a bad name and a taken id (body before uniqueness)",
      post('{"name":"","id":100}'),
      "name must not be empty.",
    ),
    {
      title: "a taken id",
      request: post('{"name":"x","id":100}'),
      status: 409,
      message: "id 100 is already in the store.",
    },
  ];
}

function unsupportedMediaCases(): BadRequestCase[] {
  const message = "The Content-Type header must be application/json or another +json type.";
  const body = '{"name":"x"}';
  return [
    {
      title: "a text/plain body",
      request: post(body, { ...auth, "content-type": "text/plain" }),
      status: 415,
      message,
    },
    {
      title: "no Content-Type",
      request: post(new TextEncoder().encode(body), auth),
      status: 415,
      message,
    },
    {
      title: "a form body that is also malformed (content type before body)",
      request: post("name=", { ...auth, "content-type": "application/x-www-form-urlencoded" }),
      status: 415,
      message,
    },
    ...["gzip", "br"].map((encoding) => ({
      title: `a body with Content-Encoding: ${encoding}`,
      request: post(body, { ...json, "content-encoding": encoding }),
      status: 415,
      message: ENCODING_MESSAGE,
    })),
  ];
}
