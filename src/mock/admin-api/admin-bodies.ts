// The JSON bodies the admin endpoints take, read with the API's rules and messages (the size
// limit's 413, UTF-8 and JSON's 400; the JSON Content-Type was checked before, admin-api.ts):
// - POST /__admin/faults: `{ operation, status?, message?, headers?, times?, when?, delayMs?, break? }`,
//   the JSON form of failNext/delayNext/breakNext. Only what is particular to JSON is checked here (the
//   body's shape, its field names, which fields go together); every value (`times` with its
//   `"Infinity"` too) is checked once, by the fault injector's own rules, when the fault is
//   set. A field this endpoint does not know is refused, so a misspelt "stauts" cannot pass
//   as "no failure".
// - POST /__admin/responses: `{ operation, status, body?, headers?, times?, when? }`,
//   respondNext's arguments, checked by its rules (openapi.yaml) when the answer is set.
// - PUT /__admin/chaos: `{ rate, seed, failures, operations?, when? }`, chaos's options, checked by
//   its rules when set; DELETE /__admin/chaos (or DELETE /__admin/faults) ends it.
// - PUT /__admin/plants: a JSON array of `{ name, tag?, id?, public? }`, checked like a seed
//   file (same rules, same messages). The plants are public: the admin API knows no tokens,
//   so it cannot give a plant an owner.

import type { CoreRequest } from "../../contract/core-exchange.js";
import type { PlantStoreOperation } from "../../contract/journal-entries.js";
import { OPERATIONS } from "../../contract/journal-entries.js";
import { findPlantRecordProblem } from "../../contract/plant-fields.js";
import type { StoredPlant } from "../../contract/plant-types.js";
import { bodyFailureStatus } from "../http/request-body.js";
import type { BreakKind } from "../scenarios/break-kinds.js";
import type { FaultSet } from "../scenarios/scenario-set.js";
import type { FailNextOptions } from "../scenarios/scenario-types.js";
import { findDuplicateId, PlantIds } from "../store/plant-records.js";

/** A body, or the status and message that refuse it. */
type Parsed<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

const badRequest = (message: string) => ({ ok: false, status: 400, message }) as const;

/** The request's body, read with the size limit, parsed as JSON, then by `parse`. */
export async function readAdminBody<T>(
  request: CoreRequest,
  maxBytes: number,
  parse: (body: unknown) => Parsed<T>,
): Promise<Parsed<T>> {
  const body = await request.readBody(maxBytes);
  if (!body.ok) {
    const [status, message] = bodyFailureStatus(body.reason, maxBytes);
    return { ok: false, status, message };
  }
  let value: unknown;
  try {
    value = JSON.parse(body.text);
  } catch {
    return badRequest("The request body is not valid JSON.");
  }
  return parse(value);
}

/**
 * `failure`: failNext's options, unless the fault only delays (`delayMs` without a `status`) or
 * breaks (`break`); `delay`: delayNext's, when `delayMs` was given; `break`: breakNext's.
 */
interface FaultRequest extends FaultSet {
  operation: PlantStoreOperation;
}

const FAULT_FIELDS = new Set([
  "operation",
  "status",
  "message",
  "headers",
  "times",
  "when",
  "delayMs",
  "break",
]);

const OPERATION_REQUIRED = `operation is required: ${OPERATIONS.join(" or ")}.`;

export function parseFaultBody(body: unknown): Parsed<FaultRequest> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return badRequest("The request body must be a JSON object such as { operation, status }.");
  }
  const { operation, status, message, headers, times, when, delayMs } = body as Record<
    string,
    unknown
  >;
  const broken = (body as Record<string, unknown>).break;
  if (operation === undefined) {
    return badRequest(OPERATION_REQUIRED);
  }
  const unknown = Object.keys(body).find((name) => !FAULT_FIELDS.has(name));
  if (unknown !== undefined) {
    return badRequest(`${unknown} is not a field of a fault; use ${[...FAULT_FIELDS].join(", ")}.`);
  }
  // A broken call gets no Error body, so nothing could use a status, message or headers.
  if (broken !== undefined && (status ?? message ?? headers) !== undefined) {
    return badRequest(
      "break cannot go with status, message or headers: a broken call gets no Error body.",
    );
  }
  // As in process: failNext's status defaults to 500 (faults.ts), so a fault without delayMs
  // fails the call; delayMs alone only delays it, and then a message or headers would describe
  // a failure that never comes.
  const fails = broken === undefined && (status !== undefined || delayMs === undefined);
  if (!fails && (message !== undefined || headers !== undefined)) {
    return badRequest(
      "message and headers with delayMs need a status: without one the fault only delays the call.",
    );
  }

  // As it came, `"Infinity"` and wrong types included: checked by the injector's times rule,
  // which reads JSON's "Infinity" (scenario-checks.ts).
  const count = times as number | undefined;
  const fault: FaultRequest = { operation: operation as PlantStoreOperation };
  if (fails) {
    fault.failure = {
      // Checked by failNext's rules when the fault is set, as in process.
      ...(status === undefined ? {} : { status: status as FailNextOptions["status"] }),
      times: count,
      ...(message === undefined ? {} : { message: message as string }),
      ...(headers === undefined ? {} : { headers: headers as Record<string, string> }),
      // One `when` for every part: the call it matches both waits and fails.
      ...(when === undefined ? {} : { when: when as FailNextOptions["when"] }),
    };
  }
  if (delayMs !== undefined) fault.delay = { ms: delayMs as number, times: count, when };
  if (broken !== undefined) fault.break = { kind: broken as BreakKind, times: count, when };
  return { ok: true, value: fault };
}

const RESPONSE_FIELDS = new Set(["operation", "status", "body", "headers", "times", "when"]);

/** POST /__admin/responses: respondNext's arguments; the values are checked by respondNext's rules. */
export function parseResponseBody(
  body: unknown,
): Parsed<{ operation: PlantStoreOperation; answer: Record<string, unknown> }> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return badRequest(
      "The request body must be a JSON object such as { operation, status, body }.",
    );
  }
  const { operation, ...answer } = body as Record<string, unknown>;
  if (operation === undefined) {
    return badRequest(OPERATION_REQUIRED);
  }
  const unknown = Object.keys(body).find((name) => !RESPONSE_FIELDS.has(name));
  if (unknown !== undefined) {
    return badRequest(
      `${unknown} is not a field of a scripted answer; use ${[...RESPONSE_FIELDS].join(", ")}.`,
    );
  }
  return { ok: true, value: { operation: operation as PlantStoreOperation, answer } };
}

/** PUT /__admin/chaos: chaos's options, every field checked by chaos's own rules when set. */
export function parseChaosBody(body: unknown): Parsed<object> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return badRequest("The request body must be a JSON object such as { rate, seed, failures }.");
  }
  return { ok: true, value: body };
}

type PlantToLoad = { name: string; tag?: string; id?: number };

export function parsePlantsBody(body: unknown): Parsed<StoredPlant[]> {
  if (!Array.isArray(body)) return badRequest("The request body must be a JSON array of plants.");
  for (const [index, item] of body.entries()) {
    const problem = findPlantRecordProblem(item, { requireId: false });
    if (problem !== undefined) return badRequest(`item ${index}: ${problem}.`);
    const visibility = (item as { public?: unknown }).public;
    if (visibility !== undefined && visibility !== true) {
      return badRequest(
        `item ${index}: "public" must be true or left out: plants loaded through the admin API are public.`,
      );
    }
  }
  const plants = body as PlantToLoad[];
  const duplicate = findDuplicateId(plants);
  if (duplicate !== undefined) return badRequest(`id ${duplicate} is used twice.`);
  return { ok: true, value: withIds(plants) };
}

/** Plants without an id get the next free one, after every given id is reserved (as a seed does). */
function withIds(plants: readonly PlantToLoad[]): StoredPlant[] {
  const taken = new PlantIds();
  for (const { id } of plants) if (id !== undefined) taken.add(id);
  return plants.map(({ name, tag, id }) => {
    const assigned = id ?? taken.free;
    taken.add(assigned);
    return tag === undefined
      ? { id: assigned, name, owner: null }
      : { id: assigned, name, tag, owner: null };
  });
}
