import fc from "fast-check";

// Generators for the property-based conformance run: each request carries what the test
// needs to predict the contract's answer (see expected-answer.ts).

export const acceptedTokens = ["alice-token", "bob-token", "carol-token"] as const;
export type AcceptedToken = (typeof acceptedTokens)[number];

/** `token` is set only when the server accepts the credentials. */
export type Credentials = { header: string | undefined; token: AcceptedToken | undefined };

export type ListRequest = {
  kind: "list";
  credentials: Credentials;
  headers: Record<string, string>;
  /** The raw query string (without "?"), and the limit it means when it is valid. */
  query: string;
  limit: number | undefined | "invalid";
};

export type CreateBody =
  | { kind: "valid"; text: string; name: string; tag: string | undefined; id: number | undefined }
  | { kind: "invalid"; text: string; field: "name" | "tag" | "id" | undefined };

export type CreateRequest = {
  kind: "create";
  credentials: Credentials;
  headers: Record<string, string>;
  contentType: string | undefined;
  jsonContentType: boolean;
  body: CreateBody;
};

export type FuzzRequest = ListRequest | CreateRequest;

const credentials: fc.Arbitrary<Credentials> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .constantFrom(...acceptedTokens)
      .map((token) => ({ header: `Bearer ${token}`, token })),
  },
  // Forwarded by Prism: a well-formed bearer token the server does not accept.
  { weight: 1, arbitrary: fc.constant({ header: "Bearer intruder-token", token: undefined }) },
  // Answered by Prism itself, so the checked fetch asks our server directly.
  {
    weight: 1,
    arbitrary: fc.constantFrom<Credentials>(
      { header: undefined, token: undefined },
      { header: "Basic YWxpY2U6c2VjcmV0", token: undefined },
      // Auth schemes are case-insensitive (RFC 9110): our server accepts this, Prism does not.
      { header: "bearer alice-token", token: "alice-token" },
      { header: "Bearer ", token: undefined },
    ),
  },
);

const headerValue = fc.stringMatching(/^[!-~]{1,24}$/);
const extraHeaders = fc.record(
  {
    accept: fc.constantFrom("application/json", "*/*", "application/json, text/plain;q=0.5"),
    "x-request-id": headerValue,
    "x-fuzz-note": headerValue,
    "user-agent": fc.constantFrom("fuzz/1.0", "Mozilla/5.0 (X11; Linux x86_64)"),
  },
  { requiredKeys: [] },
);

const validLimit = fc.oneof(
  fc.integer({ min: 0, max: 12 }),
  fc.integer({ min: 13, max: 2_147_483_647 }),
);
const invalidLimitQuery = fc.constantFrom(
  "limit=-1",
  "limit=1.5",
  "limit=abc",
  "limit=2147483648",
  "limit=99999999999",
  "limit=%2B3",
  "limit=07",
  "limit=1e3",
  "limit=",
  "limit=1&limit=2",
);
const listRequest: fc.Arbitrary<ListRequest> = fc
  .record({
    kind: fc.constant("list" as const),
    credentials,
    headers: extraHeaders,
    limitChoice: fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      { weight: 5, arbitrary: validLimit },
      { weight: 2, arbitrary: invalidLimitQuery.map((query) => ({ query })) },
    ),
  })
  .map(({ limitChoice, ...rest }) => {
    if (limitChoice === undefined) return { ...rest, query: "", limit: undefined };
    if (typeof limitChoice === "number")
      return { ...rest, query: `limit=${limitChoice}`, limit: limitChoice };
    return { ...rest, query: limitChoice.query, limit: "invalid" as const };
  });

// Small ids collide with the store's own (seed and assigned ids), large ones rarely do.
const plantId = fc.oneof(
  fc.integer({ min: 1, max: 30 }),
  fc.integer({ min: 31, max: Number.MAX_SAFE_INTEGER }),
);
const unknownFields = fc.dictionary(
  fc.constantFrom("color", "owner", "price", "__proto__"),
  fc.jsonValue(),
  {
    maxKeys: 2,
  },
);
const validBody: fc.Arbitrary<CreateBody> = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 30 }),
    tag: fc.option(fc.string({ maxLength: 15 }), { nil: undefined }),
    id: fc.option(plantId, { nil: undefined }),
    extra: unknownFields,
  })
  .map(({ name, tag, id, extra }) => ({
    kind: "valid" as const,
    text: JSON.stringify({
      ...extra,
      name,
      ...(tag === undefined ? {} : { tag }),
      ...(id === undefined ? {} : { id }),
    }),
    name,
    tag,
    id,
  }));
const wrongValue = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
);
const invalidBody: fc.Arbitrary<CreateBody> = fc.oneof(
  fc.record({ tag: fc.string() }).map((body) => invalid(body, "name")),
  fc.constant(invalid({ name: "" }, "name")),
  wrongValue.map((name) => invalid({ name }, "name")),
  wrongValue.map((tag) => invalid({ name: "Fern", tag }, "tag")),
  fc
    .oneof(fc.constantFrom(0, -1, 1.5, 2 ** 53, "7", true, null), fc.integer({ max: 0 }))
    .map((id) => invalid({ name: "Fern", id }, "id")),
  fc
    .constantFrom('["Fern"]', '"Fern"', "null", "42", "{", '{"name":', "")
    .map((text) => ({ kind: "invalid" as const, text, field: undefined })),
);
function invalid(body: object, field: "name" | "tag" | "id"): CreateBody {
  return { kind: "invalid", text: JSON.stringify(body), field };
}

const contentType = fc.oneof(
  {
    weight: 10,
    arbitrary: fc
      .constantFrom(
        "application/json",
        "application/json; charset=utf-8",
        "application/vnd.plant+json",
      )
      .map((value) => ({ value, json: true })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom<string | undefined>(
        "text/plain",
        "application/x-www-form-urlencoded",
        undefined,
      )
      .map((value) => ({ value, json: false })),
  },
);
const createRequest: fc.Arbitrary<CreateRequest> = fc
  .record({
    credentials,
    headers: extraHeaders,
    contentType,
    body: fc.oneof({ weight: 3, arbitrary: validBody }, { weight: 2, arbitrary: invalidBody }),
  })
  .map(({ contentType: type, ...rest }) => ({
    kind: "create" as const,
    contentType: type.value,
    jsonContentType: type.json,
    ...rest,
  }));

export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(listRequest, createRequest);
