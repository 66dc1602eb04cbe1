// The body of POST /__admin/faults: `{ operation, status?, message?, headers?, times?, delayMs? }`,
// the JSON form of failNext/delayNext. Checked field by field in that order; a field this
// endpoint does not know is refused, so a misspelt "stauts" cannot pass as "no failure".
import { MAX_TIMER_MS } from "../../contract/timer-limit.js";
import { OPERATIONS } from "../faults.js";
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
// RFC 9110 token characters: what a header name may hold.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Visible ASCII, spaces and tabs: what a header value may hold without being refused.
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

function fail(message: string): FaultBodyResult {
  return { ok: false, message };
}

export function parseFaultBody(body: unknown): FaultBodyResult {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return fail("The request body must be a JSON object such as { operation, status }.");
  }
  const { operation, status, message, headers, times, delayMs } = body as Record<string, unknown>;
  if (operation === undefined) return fail("operation is required: listPlants or createPlant.");
  if (typeof operation !== "string" || !OPERATIONS.includes(operation as PlantStoreOperation)) {
    return fail("operation must be listPlants or createPlant.");
  }
  if (status !== undefined && !(Number.isInteger(status) && isBetween(status, 400, 599))) {
    return fail("status must be an integer from 400 to 599.");
  }
  if (message !== undefined && typeof message !== "string") {
    return fail("message must be a string.");
  }
  const headerProblem = headers === undefined ? undefined : findHeaderProblem(headers);
  if (headerProblem !== undefined) return fail(headerProblem);
  if (
    times !== undefined &&
    times !== "Infinity" &&
    !(Number.isSafeInteger(times) && isBetween(times, 1, Number.MAX_SAFE_INTEGER))
  ) {
    return fail('times must be a positive integer or "Infinity".');
  }
  if (
    delayMs !== undefined &&
    !(typeof delayMs === "number" && isBetween(delayMs, 0, MAX_TIMER_MS))
  ) {
    return fail(`delayMs must be a number of milliseconds from 0 to ${MAX_TIMER_MS}.`);
  }
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

  const count =
    times === undefined ? 1 : times === "Infinity" ? Number.POSITIVE_INFINITY : (times as number);
  const fault: FaultRequest = { operation: operation as PlantStoreOperation };
  if (status !== undefined) {
    fault.failure = {
      status: status as number,
      times: count,
      ...(message === undefined ? {} : { message: message as string }),
      ...(headers === undefined ? {} : { headers: { ...(headers as Record<string, string>) } }),
    };
  }
  if (delayMs !== undefined) fault.delay = { ms: delayMs as number, times: count };
  return { ok: true, fault };
}

function isBetween(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && value >= min && value <= max;
}

function findHeaderProblem(headers: unknown): string | undefined {
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    return 'headers must be an object of header names and string values, such as { "Retry-After": "1" }.';
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name))
      return `headers: "${name.slice(0, 40)}" is not a valid header name.`;
    if (typeof value !== "string" || !HEADER_VALUE.test(value)) {
      return `headers["${name}"] must be a string of visible ASCII characters.`;
    }
  }
  return undefined;
}
