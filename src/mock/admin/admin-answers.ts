// Admin answers carry no CORS headers on purpose: a page on another origin must not read
// the journal or the store through a visitor's browser.
import { errorAnswer } from "../answers.js";
import type { CoreAnswer, HeaderRecord } from "../core-types.js";

const JSON_HEADERS: HeaderRecord = {
  "content-type": "application/json",
  "cache-control": "no-store",
};

export function adminJson(status: number, value: unknown): CoreAnswer {
  return { status, headers: JSON_HEADERS, body: JSON.stringify(value) };
}

export function adminNoContent(): CoreAnswer {
  return { status: 204, headers: { "cache-control": "no-store" }, body: "" };
}

export function adminError(status: number, message: string, extra?: HeaderRecord): CoreAnswer {
  return errorAnswer(status, message, JSON_HEADERS, extra);
}
