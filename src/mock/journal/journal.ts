// The request journal: what the API received, for tests that assert what their code sent
// (in process through `requests()`, or over HTTP through GET /__admin/requests). It is always
// on, so it is kept cheap and bounded: a fixed ring of the last JOURNAL_CAPACITY requests;
// the query and the body are kept as received and only parsed when someone reads them.
// Headers are never recorded, and an accepted token a client put in the target, the method
// or a create body is redacted, so no Authorization value or token can end up here.

import type { CoreAnswer } from "../../contract/core-exchange.js";
import {
  type ContractViolation,
  checkRequestFilter,
  type JournalEntry,
  type JournalEntryOf,
  matchesFilter,
  type PlantStoreOperation,
  type PlantStoreRequestJournal,
  type ReceivedRequest,
  type RequestFilter,
} from "../../contract/journal-entries.js";
import {
  checkPactOptions,
  type PactOptions,
  type PlantStorePact,
  toPactDocument,
} from "../../contract/pact-document.js";
import { createPactCollector, type PactCollector } from "../pact/pact-collector.js";
import { type CoverageCounter, createCoverageCounter } from "./coverage.js";
import type { JournalRecord } from "./journal-record.js";
import { toEntry, toReceivedRequest } from "./listed-entry.js";
import { createSecretTokens, type SecretTokens } from "./redaction.js";

/** How many requests the journal keeps; older ones are dropped first. */
const JOURNAL_CAPACITY = 1000;

/** Longest create body (in UTF-16 code units) the journal keeps; longer ones are left out. */
export const JOURNAL_BODY_LIMIT = 16_384;

export interface JournalOptions {
  /** How many requests it keeps; older ones are dropped first. */
  capacity?: number;
  coverage?: CoverageCounter;
  /** Where its answers become pact interactions (a sandbox's notes into the set's too). */
  pact?: PactCollector;
}

/** The journal of one world; its `PlantStoreRequestJournal` methods are what users call. */
export interface RequestJournal extends PlantStoreRequestJournal {
  /** Takes the request's place in the journal: entries are in order of arrival. */
  start(
    method: string,
    path: string,
    search: string,
    operation?: PlantStoreOperation | null,
  ): JournalRecord;
  /**
   * The request of `record` as its entry will list it, `bodyText` its whole body: what a
   * scenario's `when` and respondWith see when it arrives.
   */
  received(record: JournalRecord, bodyText: string | undefined): ReceivedRequest;
  /** Files the request's answer; a request already filed (a hang, on arrival) stays as filed. */
  finish(record: JournalRecord, status: number): void;
  /**
   * The answered requests kept that match `filter` (already checked), oldest first, as fresh
   * objects the caller may change; with `violationsOnly`, only contract violations.
   */
  entries(filter?: RequestFilter, violationsOnly?: boolean): JournalEntry[];
  /** Empties the journal; a request that arrived before it is never listed after it. */
  clear(): void;
  /** The pact interactions noted (pact.ts): kept across clear(), emptied by clearCoverage(). */
  readonly pact: PactCollector;
  /** A Pact V4 contract of the interactions noted; bad options throw, naming the field. */
  toPact(options: PactOptions): PlantStorePact;
}

/**
 * `secrets`: the accepted tokens (API and admin), redacted from everything an entry shows.
 * `coverage`: where its answers are counted (a sandbox's counts into the suite's too).
 */
export function createRequestJournal(
  secrets: SecretTokens = createSecretTokens(),
  {
    capacity = JOURNAL_CAPACITY,
    coverage = createCoverageCounter(),
    pact = createPactCollector(),
  }: JournalOptions = {},
): RequestJournal {
  // Records are placed when they arrive, not when answered: a slow list that arrived first is
  // listed first, and clear() drops a request still in flight along with the rest (its
  // record, no longer in the ring, is answered into nowhere).
  let ring: (JournalRecord | undefined)[] = new Array(capacity);
  let next = 0;
  let count = 0;
  let lastSeq = 0;

  function entries(filter: RequestFilter = {}, violationsOnly = false): JournalEntry[] {
    const first = (next - count + capacity) % capacity;
    const kept: JournalRecord[] = [];
    for (let i = 0; i < count; i++) {
      const record = ring[(first + i) % capacity];
      if (record !== undefined) kept.push(record);
    }
    // Without a `tokens` list (open mode) any well-formed token is accepted, so `secrets`
    // cannot name them: every token a kept request was accepted with is hidden from every
    // entry, not only from its own request's. Bounded by the ring, as the entries are.
    const tokens = secrets.with(kept.flatMap((record) => record.token ?? []));
    // Filtered before the entries are built: only the matching ones are parsed and redacted.
    return kept
      .filter(
        (record) =>
          record.answered &&
          matchesFilter(record, filter) &&
          (!violationsOnly || isViolation(record)),
      )
      .map((record) => toEntry(record, tokens));
  }

  function clear(): void {
    ring = new Array(capacity);
    next = 0;
    count = 0;
  }

  return {
    start(method, path, search, operation = null) {
      const record: JournalRecord = {
        seq: ++lastSeq,
        operation,
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
        scriptProblem: undefined,
        violation: undefined,
        shadow: undefined,
      };
      ring[next] = record;
      next = (next + 1) % capacity;
      if (count < capacity) count++;
      return record;
    },
    finish(record, status) {
      // A hang is filed when it arrives (status 0), not again when it ends.
      if (record.answered) return;
      record.durationMs = Math.round((performance.now() - record.started) * 1000) / 1000;
      record.status = status;
      record.answered = true;
      // Counted even when clear() dropped the record: coverage outlives the journal's entries.
      if (record.operation === null) return;
      coverage.count(record.operation, status);
      pact.note(record, secrets);
    },
    received: (record, bodyText) =>
      toReceivedRequest(
        record,
        secrets.with(record.token === undefined ? [] : [record.token]),
        bodyText,
      ),
    entries,
    clear,
    requests: <O extends PlantStoreOperation | null>(filter?: RequestFilter<O>) =>
      entries(checkRequestFilter(filter, "requests")) as JournalEntryOf<O>[],
    violations: <O extends PlantStoreOperation | null>(filter?: RequestFilter<O>) =>
      entries(checkRequestFilter(filter, "violations"), true) as ContractViolation<O>[],
    clearRequests: clear,
    coverage: coverage.coverage,
    clearCoverage() {
      coverage.clearCoverage();
      pact.clear();
    },
    pact,
    toPact: (options) => toPactDocument(pact.interactions(), checkPactOptions(options, "toPact: ")),
  };
}

/**
 * The statuses by which the contract refuses what the caller sent. Not 409: the caller could
 * not know the id was taken. Not 5xx or the 499 of a client gone: nothing the caller did.
 */
const CALLER_FAULT_STATUSES = new Set([400, 401, 404, 405, 413, 415]);

/**
 * Flags an answer as a contract violation by the caller, its reason the Error body's message,
 * unless a scenario the test set up made it (`record.scripted`, set before the answer).
 */
export function noteViolation(record: JournalRecord, answer: CoreAnswer): void {
  if (record.scripted !== undefined || !CALLER_FAULT_STATUSES.has(answer.status)) return;
  // Kept as the body: parsed only when someone lists it, not on every refused request.
  record.violation = answer.body;
}

/** A refusal of what the caller sent, or (shadow proxy) a deployment's answer that broke the contract. */
function isViolation(record: JournalRecord): boolean {
  return record.violation !== undefined || (record.shadow?.violations.length ?? 0) > 0;
}

/** Keeps a create body for the journal; one too long to be worth keeping is left out. */
export function noteBody(record: JournalRecord, text: string): void {
  if (text.length <= JOURNAL_BODY_LIMIT) record.bodyText = text;
}
