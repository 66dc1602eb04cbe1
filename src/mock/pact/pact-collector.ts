// Consumer contracts from the journal: each request the contract's rules answered is noted
// when it is filed (journal.ts), as one interaction per distinct request shape, and `toPact()`
// writes them as Pact Specification V4 JSON. Like coverage it is a suite-wide record: kept
// across clearRequests() and reset() (an afterEach reset must not empty it), until
// clearCoverage(); a sandbox notes into its own and into the set's. docs/fidelity.md has the rules.
//
// What a pact may ask of a provider: only answers the contract decides (2xx, and the 409 of an
// id already taken), never one a test invented (respondNext, failNext, breakNext, chaos,
// Prefer) nor the refusal of what the caller sent (a contract violation). Values are matched by
// type, so a provider with other data passes; the token a test used never appears.
import type { PactInteraction } from "../../contract/pact-document.js";
import { checkNewPlant } from "../../contract/plant-fields.js";
import type { NewPlant } from "../../contract/plant-types.js";
import { parseLimitParam } from "../http/list-query.js";
import type { JournalRecord } from "../journal/journal-record.js";
import { redactJson, type SecretTokens } from "../journal/redaction.js";

/** What every pact request carries instead of a token: the verifier supplies a real one. */
export const PACT_TOKEN_PLACEHOLDER = "PLANT_STORE_TOKEN";

/** The provider state of a list whose caller created plants before it (since the last reset). */
export const CREATED_PLANTS_STATE = "the caller has created plants";
/** The provider states of a create with an `id`: free (it is stored) or taken (409). */
export const ID_FREE_STATE = "no plant has the id";
export const ID_TAKEN_STATE = "a plant has the id";

/** How many created plants a provider state lists, per caller. */
const STATE_PLANTS = 10;
/** The example a list's items are matched against by type when the caller created none. */
const EXAMPLE_PLANT = { name: "Monstera deliciosa" };

export interface PactCollector {
  /** Notes a request as it is filed; one the rules above leave out changes nothing. */
  note(record: JournalRecord, tokens: SecretTokens): void;
  /** Adds an interaction another world (a sandbox) noted, unless its shape is already here. */
  add(key: string, interaction: PactInteraction): void;
  /** Whether a request of this shape was noted already. */
  has(key: string): boolean;
  /** The store went back to its seed: no caller has created plants any more. */
  forgetState(): void;
  /** The interactions noted, in the order their shapes first appeared. */
  interactions(): PactInteraction[];
  /** Forgets every interaction (with clearCoverage). */
  clear(): void;
}

/** `suite`: where every interaction noted here is added too (a sandbox's: the set's). */
export function createPactCollector(suite?: PactCollector): PactCollector {
  let byShape = new Map<string, PactInteraction>();
  // The plants each caller created, by token, for the state of its later lists. Never shown.
  let created = new Map<string, NewPlant[]>();

  function add(key: string, interaction: PactInteraction): void {
    if (!byShape.has(key)) byShape.set(key, interaction);
  }

  return {
    note(record, tokens) {
      const shaped = shapeOf(record, tokens, created.get(record.token ?? ""));
      if (shaped === undefined) return;
      if (shaped.created !== undefined && record.token !== undefined) {
        const plants = created.get(record.token) ?? [];
        if (plants.length < STATE_PLANTS) plants.push(shaped.created);
        created.set(record.token, plants);
      }
      // Built once per shape: a request of a shape already noted costs only its key.
      const { key } = shaped;
      if (byShape.has(key) && (suite === undefined || suite.has(key))) return;
      const interaction = shaped.interaction();
      add(key, interaction);
      suite?.add(key, interaction);
    },
    add,
    has: (key) => byShape.has(key),
    forgetState() {
      created = new Map();
    },
    interactions: () => [...byShape.values()],
    clear() {
      byShape = new Map();
    },
  };
}

interface Shaped {
  key: string;
  interaction(): PactInteraction;
  /** The plant a successful create stored, for the caller's later lists. */
  created?: NewPlant;
}

/** Whether the contract's own rules made this answer, one a provider can be asked for. */
function decidedByContract(record: JournalRecord): boolean {
  if (record.scripted !== undefined || record.violation !== undefined) return false;
  return (record.status >= 200 && record.status < 300) || record.status === 409;
}

function shapeOf(
  record: JournalRecord,
  tokens: SecretTokens,
  createdBefore: readonly NewPlant[] | undefined,
): Shaped | undefined {
  if (record.operation === null || !decidedByContract(record)) return undefined;
  return record.operation === "createPlant"
    ? createShape(record, tokens)
    : listShape(record, tokens, createdBefore);
}

/** Whether `value` (a number sent as text) is a token: its request is then left out whole. */
function isToken(value: number, record: JournalRecord, tokens: SecretTokens): boolean {
  const text = String(value);
  return tokens.holds(text) || record.token === text;
}

/**
 * Every token hidden from what a pact shows of `record`'s request. Applied when an interaction
 * is built, once per shape, not to every request noted (docs/performance.md).
 */
function shownTokens(record: JournalRecord, tokens: SecretTokens): SecretTokens {
  return record.token === undefined ? tokens : tokens.with([record.token]);
}

function createShape(record: JournalRecord, tokens: SecretTokens): Shaped | undefined {
  const sent = sentPlant(record.bodyText);
  // An id of digits that is also a token is left out with its request, as a list's limit is.
  if (sent === undefined || (sent.id !== undefined && isToken(sent.id, record, tokens))) {
    return undefined;
  }
  const { status } = record;
  const fields = Object.keys(sent).join(", ");
  const interaction = (): PactInteraction => {
    // Hiding a token in a name or tag leaves a valid plant: only an id could stop being one.
    const plant = redactJson(sent, shownTokens(record, tokens)) as NewPlant;
    const bodyRules: Rules = {
      "$.name": byType(),
      ...(plant.tag === undefined ? {} : { "$.tag": byType() }),
    };
    const requestRules: Rules =
      plant.id === undefined ? bodyRules : { ...bodyRules, "$.id": { match: "integer" } };
    const answer =
      status === 409
        ? jsonPart(
            { error: 409, message: "The id is already in the store." },
            { "$.message": byType() },
          )
        : jsonPart(
            plant.tag === undefined ? { name: plant.name } : { name: plant.name, tag: plant.tag },
            bodyRules,
          );
    return {
      type: "Synchronous/HTTP",
      description: `createPlant with ${fields} answered ${status}`,
      ...(plant.id === undefined
        ? {}
        : {
            providerStates: [
              { name: status === 409 ? ID_TAKEN_STATE : ID_FREE_STATE, params: { id: plant.id } },
            ],
          }),
      request: {
        method: "POST",
        path: "/plants",
        headers: { ...authorization(), "Content-Type": ["application/json"] },
        ...jsonPart(plant, requestRules, AUTHORIZATION_RULE),
      },
      response: { status, headers: JSON_HEADERS, ...answer },
    };
  };
  const created = status === 409 ? undefined : sent;
  return { key: `createPlant ${status} ${fields}`, interaction, created };
}

function listShape(
  record: JournalRecord,
  tokens: SecretTokens,
  createdBefore: readonly NewPlant[] | undefined,
): Shaped | undefined {
  const parsed = parseLimitParam(record.search);
  if (!parsed.ok) return undefined;
  const { limit } = parsed;
  // A limit that is also a token (all digits) is left out with its request.
  if (limit !== undefined && isToken(limit, record, tokens)) return undefined;
  const after = createdBefore !== undefined && createdBefore.length > 0 ? createdBefore : undefined;
  const { status } = record;
  const state = after === undefined ? "" : " after the caller created plants";
  const limitKind = limit === undefined ? "none" : limit === 0 ? "0" : "n";
  const interaction = (): PactInteraction => {
    const limitText = limit === undefined ? "" : limit === 0 ? " with limit=0" : " with a limit";
    // The caller's plants as it sent them, each token hidden now (see shownTokens).
    const shown = shownTokens(record, tokens);
    const plants = after?.map((plant) => redactJson(plant, shown) as NewPlant);
    const first = plants?.[0];
    const example = first === undefined ? EXAMPLE_PLANT : { name: first.name };
    // An array of plants, each like the example by type; `limit` caps it, and the caller's own
    // plants make it at least one long. `limit=0` is exactly [] (no rule: equality).
    const arrayRule: Matcher = { match: "type", min: after === undefined ? 0 : 1 };
    if (limit !== undefined) arrayRule.max = limit;
    const answer = limit === 0 ? jsonPart([], {}) : jsonPart([example], { $: arrayRule });
    return {
      type: "Synchronous/HTTP",
      description: `listPlants${limitText} answered ${status}${state}`,
      ...(after === undefined
        ? {}
        : { providerStates: [{ name: CREATED_PLANTS_STATE, params: { plants } }] }),
      request: {
        method: "GET",
        path: "/plants",
        ...(limit === undefined ? {} : { query: { limit: [String(limit)] } }),
        headers: authorization(),
        matchingRules: { header: AUTHORIZATION_RULE },
      },
      response: { status, headers: JSON_HEADERS, ...answer },
    };
  };
  return { key: `listPlants ${status} ${limitKind}${state}`, interaction };
}

/** The create body as sent, its known fields only, when it is a valid plant. */
function sentPlant(text: string | undefined): NewPlant | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const checked = checkNewPlant(value);
  return checked.ok ? checked.plant : undefined;
}

interface Matcher {
  match: string;
  min?: number;
  max?: number;
  regex?: string;
}
type Rules = Record<string, Matcher>;

function byType(): Matcher {
  return { match: "type" };
}

const JSON_HEADERS = { "Content-Type": ["application/json"] };

function authorization() {
  return { Authorization: [`Bearer ${PACT_TOKEN_PLACEHOLDER}`] };
}

/** Any bearer token: the consumer's own mock server (pact-js) matches the header by it. */
const AUTHORIZATION_RULE = {
  Authorization: {
    combine: "AND" as const,
    matchers: [{ match: "regex", regex: "^Bearer \\S+$" }],
  },
};

/** A JSON body and its matching rules, as Pact V4 writes them. */
function jsonPart(content: unknown, body: Rules, header?: typeof AUTHORIZATION_RULE) {
  const rules: Record<string, Record<string, { combine: "AND"; matchers: Matcher[] }>> = {};
  if (Object.keys(body).length > 0) {
    rules.body = Object.fromEntries(
      Object.entries(body).map(([path, matcher]) => [
        path,
        { combine: "AND", matchers: [matcher] },
      ]),
    );
  }
  if (header !== undefined) rules.header = header;
  return {
    body: { content, contentType: "application/json" as const, encoded: false as const },
    ...(Object.keys(rules).length === 0 ? {} : { matchingRules: rules }),
  };
}
