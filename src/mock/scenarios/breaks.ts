// What breakNext (and chaos) answer: the failures the contract cannot describe, for testing an
// app's resilience. The core decides them here, runtime-neutral; what the network part needs
// (no answer, a cut body) is a `BrokenDelivery` each adapter carries out as its runtime can
// (fetch-handler.ts, msw/handlers.ts, server/node-adapter.ts). The bodies are fixed, so the
// same break is the same answer on every serving path and every run. A hang is a wait the core
// makes in its world (waiting-requests.ts) that only ends without an answer.

import type { CoreAnswer, HeaderRecord } from "../../contract/core-exchange.js";
import type { PlantStoreOperation } from "../../contract/journal-entries.js";
import { noAnswer } from "../http/json-answers.js";
import type { BreakKind } from "./break-kinds.js";

export interface BrokenAnswerContext {
  /** The API's JSON headers (CORS included), which a broken 2xx carries like a good one. */
  headers: HeaderRecord;
  /** The status of a successful create: the 2xx a broken create body comes with. */
  createStatus: 200 | 201;
}

/** What each operation would answer, whole: truncated cuts it. */
const WHOLE = {
  listPlants: '[{"name":"Monstera deliciosa","tag":"tropical"},{"name":"Ficus lyrata"}]',
  createPlant: '{"name":"Monstera deliciosa","tag":"tropical"}',
} satisfies Record<PlantStoreOperation, string>;

/** JSON-like text no JSON parser accepts (unquoted names and values), with a JSON Content-Type. */
const MALFORMED = {
  listPlants: "[{name: Monstera deliciosa, tag: tropical}]",
  createPlant: "{name: Monstera deliciosa, tag: tropical}",
} satisfies Record<PlantStoreOperation, string>;

/** Valid JSON the contract forbids: an object where a list is declared, a plant without a name. */
const WRONG_SHAPE = {
  listPlants: '{"plants":[{"name":"Monstera deliciosa","tag":"tropical"}]}',
  createPlant: '{"tag":"tropical"}',
} satisfies Record<PlantStoreOperation, string>;

/**
 * The core's answer when `kind` breaks a call of `operation`; it never touches the store. A
 * hang has waited until it was ended (the core's wait) and is answered as no answer.
 */
export function brokenAnswer(
  kind: BreakKind,
  operation: PlantStoreOperation,
  { headers, createStatus }: BrokenAnswerContext,
): CoreAnswer {
  const status = operation === "createPlant" ? createStatus : 200;
  switch (kind) {
    case "network-error":
    case "hang":
      return noAnswer(headers);
    case "truncated": {
      const body = WHOLE[operation];
      // The bodies are ASCII, so half the characters is half the bytes.
      return { status, headers, body, broken: { kind, cutAt: Math.floor(body.length / 2) } };
    }
    case "malformed-json":
      return { status, headers, body: MALFORMED[operation] };
    case "wrong-shape":
      return { status, headers, body: WRONG_SHAPE[operation] };
  }
}
