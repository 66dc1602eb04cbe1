// The body of POST /__admin/faults: `{ operation, status?, message?, headers?, times?, delayMs? }`,
// the JSON form of failNext/delayNext. Only what is particular to JSON is checked here (the
// body's shape, its field names, which fields go together, `"Infinity"`); every value is
// checked once, by the fault injector's own rules, when the fault is set (admin-api.ts).
// A field this endpoint does not know is refused, so a misspelt "stauts" cannot pass as
// "no failure".
import type { FailNextOptions, PlantStoreOperation } from "../types.js";

export interface FaultRequest {
  operation: PlantStoreOperation;
  /** failNext's options, when `status` was given. */
  failure?: FailNextOptions;
  /** delayNext's arguments, when `delayMs` was given. */
  delay?: { ms: number; times: number };
}

export type FaultBodyResult = { ok: true; fault: FaultRequest } | { ok: false; message: string };

const FIELDS = new Set(["operation", "status", "message", "headers", "times", "delayMs"]);

function fail(message: string): FaultBodyResult {
  return { ok: false, message };
}

export function parseFaultBody(body: unknown): FaultBodyResult {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return fail("The request body must be a JSON object such as { operation, status }.");
  }
  const { operation, status, message, headers, times, delayMs } = body as Record<string, unknown>;
  if (operation === undefined) return fail("operation is required: listPlants or createPlant.");
  const unknown = Object.keys(body).find((name) => !FIELDS.has(name));
  if (unknown !== undefined) {
    return fail(`${unknown} is not a field of a fault; use ${[...FIELDS].join(", ")}.`);
  }
  if (status === undefined && delayMs === undefined) {
    return fail("status or delayMs is required: a fault fails a call, delays it, or both.");
  }
  if (status === undefined && (message !== undefined || headers !== undefined)) {
    return fail("message and headers need a status: they describe the failure.");
  }

  // JSON has no Infinity: "until cleared" is spelt as the string. Other values pass as they
  // are, wrong types included, for the injector to refuse with its message.
  const count = (times === "Infinity" ? Number.POSITIVE_INFINITY : (times ?? 1)) as number;
  const fault: FaultRequest = { operation: operation as PlantStoreOperation };
  if (status !== undefined) {
    fault.failure = {
      status: status as number,
      times: count,
      ...(message === undefined ? {} : { message: message as string }),
      ...(headers === undefined ? {} : { headers: headers as Record<string, string> }),
    };
  }
  if (delayMs !== undefined) fault.delay = { ms: delayMs as number, times: count };
  return { ok: true, fault };
}
