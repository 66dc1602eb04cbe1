// The request journal: what the API received, for tests that assert what their code sent
// (in process through `requests()`, or over HTTP through GET /__admin/requests). It is always
// on, so it is kept cheap and bounded: a fixed ring of the last JOURNAL_CAPACITY requests;
// the query and the body are kept as received and only parsed when someone reads them.
// Headers are never recorded, and an accepted token a client put in the target, the method
// or a create body is redacted, so no Authorization value or token can end up here.
import type { BreakKind } from "./core-types.js";
import { redactJson, redactTarget, redactWord } from "./tokens.js";

/** How many requests the journal keeps; older ones are dropped first. */
const JOURNAL_CAPACITY = 1000;

/** Longest create body (in UTF-16 code units) the journal keeps; longer ones are left out. */
export const JOURNAL_BODY_LIMIT = 16_384;

/** One API request as the journal reports it; plain JSON, the same in process and over HTTP. */
export interface JournalEntry {
  /** As received, such as "POST". */
  method: string;
  /** Without the query: "/v1/plants". */
  path: string;
  /** Query parameters by name; a name given more than once has an array of its values. */
  query: Record<string, string | string[]>;
  /** The status of the answer; 0 when none was sent (breakNext "network-error" and "hang"). */
  status: number;
  /** From the request reaching the core to its answer, in milliseconds (delays included). */
  durationMs: number;
  /** When the request arrived, as an ISO 8601 string. */
  time: string;
  /**
   * The parsed JSON body of a create, when the body was read and was JSON (and at most
   * JOURNAL_BODY_LIMIT long); also for a create answered by `failNext`. Absent for a list,
   * and for a create refused before its body was read (401, 404, 405, 415, 413).
   */
  body?: unknown;
  /**
   * Set when a scenario the test set up made this answer instead of the contract's rules:
   * which one. Such an answer is never a contract violation by the caller.
   */
  scripted?: ScriptedBy;
  /** How the answer was broken, when breakNext or chaos broke it. */
  broken?: BreakKind;
}

/** What made a scripted answer: the scenario verb, chaos, or a request's `Prefer: code=N`. */
export type ScriptedBy = "failNext" | "respondNext" | "breakNext" | "chaos" | "prefer";

/** The journal as every way of serving the core exposes it (fetch handler, MSW, server). */
export interface PlantStoreRequestJournal {
  /** The API requests received (the last 1,000), oldest first; never a header or token. */
  requests(): JournalEntry[];
  /** Empties the journal. */
  clearRequests(): void;
}

/** A request on its way through the core; `finish` files its answer. */
export interface JournalRecord {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  /** performance.now() at arrival; with performance.timeOrigin it also gives the wall time. */
  readonly started: number;
  /** 0 until answered, and for an answer that sends none (a dropped connection). */
  status: number;
  /** False until answered: an unanswered request is not listed yet. */
  answered: boolean;
  durationMs: number;
  /** Set by the core once it has read a create body. */
  bodyText: string | undefined;
  /** The caller's bearer token once authenticated: redacted from every entry while this one is kept. */
  token: string | undefined;
  /** Set by the core when a scenario, not the contract's rules, made the answer. */
  scripted: ScriptedBy | undefined;
  /** Set by the core when breakNext or chaos broke the answer. */
  broken: BreakKind | undefined;
}

export interface RequestJournal {
  /** Takes the request's place in the journal: entries are in order of arrival. */
  start(method: string, path: string, search: string): JournalRecord;
  finish(record: JournalRecord, status: number): void;
  /** The answered requests kept, oldest first, as fresh objects the caller may change. */
  entries(): JournalEntry[];
  /** Empties the journal; a request that arrived before it is never listed after it. */
  clear(): void;
}

/** `secrets`: the accepted tokens (API and admin), redacted from everything an entry shows. */
export function createRequestJournal(
  secrets: readonly string[] = [],
  capacity = JOURNAL_CAPACITY,
): RequestJournal {
  // Records are placed when they arrive, not when answered: a slow list that arrived first is
  // listed first, and clear() drops a request still in flight along with the rest (its
  // record, no longer in the ring, is answered into nowhere).
  let ring: (JournalRecord | undefined)[] = new Array(capacity);
  let next = 0;
  let count = 0;

  return {
    start(method, path, search) {
      const record: JournalRecord = {
        method,
        path,
        search,
        started: performance.now(),
        status: 0,
        answered: false,
        durationMs: 0,
        bodyText: undefined,
        token: undefined,
        scripted: undefined,
        broken: undefined,
      };
      ring[next] = record;
      next = (next + 1) % capacity;
      if (count < capacity) count++;
      return record;
    },
    finish(record, status) {
      record.durationMs = Math.round((performance.now() - record.started) * 1000) / 1000;
      record.status = status;
      record.answered = true;
    },
    entries() {
      const first = (next - count + capacity) % capacity;
      const kept: JournalRecord[] = [];
      for (let i = 0; i < count; i++) {
        const record = ring[(first + i) % capacity];
        if (record !== undefined) kept.push(record);
      }
      // Without a `tokens` list (open mode) any well-formed token is accepted, so `secrets`
      // cannot name them: every token a kept request was accepted with is hidden from every
      // entry, not only from its own request's. Bounded by the ring, as the entries are.
      const hidden = new Set(secrets);
      for (const record of kept) if (record.token !== undefined) hidden.add(record.token);
      const tokens = [...hidden];
      return kept.filter((record) => record.answered).map((record) => toEntry(record, tokens));
    },
    clear() {
      ring = new Array(capacity);
      next = 0;
      count = 0;
    },
  };
}

/** Keeps a create body for the journal; one too long to be worth keeping is left out. */
export function noteBody(record: JournalRecord, text: string): void {
  if (text.length <= JOURNAL_BODY_LIMIT) record.bodyText = text;
}

/** `tokens`: every token to hide, the configured ones and those the kept requests used. */
function toEntry(record: JournalRecord, tokens: readonly string[]): JournalEntry {
  const target = redactTarget(record.path + record.search, tokens);
  const queryStart = target.indexOf("?");
  const entry: JournalEntry = {
    method: redactWord(record.method, tokens),
    path: queryStart === -1 ? target : target.slice(0, queryStart),
    query: parseQuery(queryStart === -1 ? "" : target.slice(queryStart)),
    status: record.status,
    durationMs: record.durationMs,
    time: new Date(performance.timeOrigin + record.started).toISOString(),
  };
  const body = parseBody(record.bodyText);
  if (body.ok) entry.body = redactJson(body.value, tokens);
  if (record.scripted !== undefined) entry.scripted = record.scripted;
  if (record.broken !== undefined) entry.broken = record.broken;
  return entry;
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
