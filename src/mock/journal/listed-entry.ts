// A journal record as listed: parsed only now (the query, a create's body, a violation's
// message), typed by its operation, and with every token redacted, so the hot path stores raw
// text and pays for parsing only when someone reads the journal. A scenario's `when` sees the
// request the same way, parsed on arrival only when one asks.
import type {
  CreatePlantBody,
  CreatePlantEntry,
  JournalEntry,
  JournalQuery,
  ListPlantsEntry,
  ListPlantsQuery,
  ReceivedRequest,
} from "../../contract/journal-entries.js";
import { checkNewPlant } from "../../contract/plant-fields.js";
import { parseLimitParam } from "../http/list-query.js";
import type { JournalRecord, ShadowFindings } from "./journal-record.js";
import { redactJson, redactTarget, redactWord, type SecretTokens } from "./redaction.js";

type ShadowFinding = ShadowFindings["violations"][number];

/** `tokens`: every token to hide, the configured ones and those the kept requests used. */
export function toEntry(record: JournalRecord, tokens: SecretTokens): JournalEntry {
  const { operation, method, path, query, ...body } = requestPart(record, tokens, record.bodyText);
  // The request's own fields first, then the answer's, as the admin document lists them.
  const entry = {
    operation,
    seq: record.seq,
    method,
    path,
    query,
    status: record.status,
    durationMs: record.durationMs,
    time: new Date(performance.timeOrigin + record.started).toISOString(),
    ...body,
  } as JournalEntry;
  if (record.scripted !== undefined) entry.scripted = record.scripted;
  if (record.broken !== undefined) entry.broken = record.broken;
  // Hidden again now: a token accepted since the message was written may be in it.
  if (record.scriptProblem !== undefined) {
    entry.scriptProblem = redactWord(record.scriptProblem, tokens);
  }
  // A 405 names the method, which may be a token (`curl -X <token>`): the core redacted the
  // ones it knew then, this hides any accepted since.
  if (record.violation !== undefined) {
    entry.violation = redactWord(errorMessage(record.violation), tokens);
  }
  if (record.shadow !== undefined) noteShadow(entry, record.shadow, tokens);
  return entry;
}

/**
 * The request as it arrived, listed as its entry will list it (what a scenario's `when` and
 * respondWith see): `bodyText` is the whole body, which the journal keeps only when short.
 */
export function toReceivedRequest(
  record: JournalRecord,
  tokens: SecretTokens,
  bodyText: string | undefined,
): ReceivedRequest {
  return requestPart(record, tokens, bodyText) as ReceivedRequest;
}

type RequestPart = Pick<
  JournalEntry,
  "operation" | "method" | "path" | "query" | "body" | "invalidBody"
>;

/** The fields of an entry the request itself makes, every token redacted. */
function requestPart(
  record: JournalRecord,
  tokens: SecretTokens,
  bodyText: string | undefined,
): RequestPart {
  const target = redactTarget(record.path + record.search, tokens);
  const queryStart = target.indexOf("?");
  const search = queryStart === -1 ? "" : target.slice(queryStart);
  const method = redactWord(record.method, tokens);
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = parseQuery(search);
  if (record.operation === "listPlants") {
    return { operation: "listPlants", method, path, query: listQuery(query, search) };
  }
  if (record.operation === "createPlant") {
    return { operation: "createPlant", method, path, query, ...createBody(bodyText, tokens) };
  }
  return { operation: null, method, path, query };
}

/**
 * The shadow proxy's findings, each message hidden whole if it holds a token (they name no
 * body value, but a deployment may answer anything). The deployment's breakage of openapi.yaml
 * is the entry's violation, before the caller's own.
 */
function noteShadow(entry: JournalEntry, shadow: ShadowFindings, tokens: SecretTokens): void {
  const shown = (finding: ShadowFinding): ShadowFinding => ({
    kind: finding.kind,
    message: tokens.holds(finding.message) ? HIDDEN_FINDING : finding.message,
  });
  entry.shadow = {
    violations: shadow.violations.map(shown),
    divergences: shadow.divergences.map(shown),
  };
  if (shadow.notCompared !== undefined) entry.shadow.notCompared = shown(shadow.notCompared);
  const broken = entry.shadow.violations.map((finding) => finding.message);
  if (broken.length > 0) {
    entry.violation = `The deployment's answer breaks openapi.yaml: ${broken.join("; ")}.`;
  }
}

const HIDDEN_FINDING = "(not shown: the message would hold a token)";

/**
 * `limit` as a number when the contract's rule accepts it. Read from the redacted query, so
 * a limit that is also a token (all digits) stays "[redacted]".
 */
function listQuery(query: JournalQuery, search: string): ListPlantsEntry["query"] {
  const limit = parseLimitParam(search);
  if (!limit.ok || limit.limit === undefined) return query;
  return { ...query, limit: limit.limit } satisfies ListPlantsQuery;
}

/**
 * The body under `body` when it is a valid NewPlant once redacted (so a token-valued `id`
 * that became "[redacted]" is not typed as a number), otherwise under `invalidBody`.
 */
function createBody(
  text: string | undefined,
  tokens: SecretTokens,
): Pick<CreatePlantEntry, "body" | "invalidBody"> {
  const parsed = parseBody(text);
  if (!parsed.ok) return {};
  const value = redactJson(parsed.value, tokens);
  return checkNewPlant(value).ok ? { body: value as CreatePlantBody } : { invalidBody: value };
}

function parseQuery(search: string): Record<string, string | string[]> {
  const grouped = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = grouped.get(name);
    if (seen === undefined) grouped.set(name, value);
    else if (typeof seen === "string") grouped.set(name, [seen, value]);
    else seen.push(value);
  }
  // fromEntries defines own properties, so a parameter named "__proto__" stays a parameter.
  return Object.fromEntries(grouped);
}

function parseBody(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function errorMessage(body: string): string {
  const parsed = parseBody(body);
  const message = parsed.ok ? (parsed.value as { message?: unknown } | null)?.message : undefined;
  return typeof message === "string" ? message : "The contract refused the request.";
}
