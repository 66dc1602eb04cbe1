// The fields of a scripted Error answer (failNext, chaos's failures): its status, message and
// extra headers. Checked when the scenario is set: a name or value HTTP cannot carry would
// otherwise surface later, as a 500 from whichever adapter writes the answer. Header names are
// lower-cased so `Content-Type` replaces the answer's own content-type instead of being sent
// next to it.
import { HOP_BY_HOP_HEADERS } from "../../contract/hop-by-hop-headers.js";
import { between, checkNumber } from "../../contract/number-check.js";
import { shownName } from "../../contract/option-names.js";
import type { FailNextOptions } from "./scenario-types.js";

/** An Error answer's status, message and headers, checked; `message` undefined: the default sentence. */
export interface FailureFields {
  status: number;
  message: string | undefined;
  headers: Record<string, string>;
}

const DEFAULT_FAILURE_STATUS = 500;

/** The fields of a scripted Error answer, the names failNext and chaos's failures both take. */
export const FAILURE_FIELD_NAMES = {
  status: true,
  message: true,
  headers: true,
} satisfies Record<keyof Omit<FailNextOptions, "times" | "when">, true>;

/** The status, message and headers of an Error answer; `prefix` starts every message. */
export function checkFailureFields(options: FailNextOptions, prefix: string): FailureFields {
  const status = checkStatus(options.status, prefix);
  const { message } = options;
  if (message !== undefined && typeof message !== "string") {
    throw new TypeError(`${prefix}message must be a string.`);
  }
  // The Error body promises a message a person can read; "" would answer nothing.
  if (message === "") throw new RangeError(`${prefix}message must not be empty.`);
  return { status, message, headers: checkFailureHeaders(options.headers, prefix) };
}

function checkStatus(status: unknown, prefix: string): number {
  if (status === undefined) return DEFAULT_FAILURE_STATUS;
  return checkNumber(
    status,
    between(400, 599, true),
    `${prefix}status must be an integer from 400 to 599.`,
  );
}

// RFC 9110 token: the characters a field name may use.
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Visible ASCII, space and tab. RFC 9110 tolerates obs-text (0x80-0xFF), but the adapters
// disagree on it: node:http writes "é" as UTF-8 bytes while fetch's Headers keeps it as
// one Latin-1 byte, so a client would read different text from each. Refused instead.
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;
// How the body is framed, encoded and carried is the server's to say: a scripted
// `Content-Encoding: gzip` on plain JSON is an answer no HTTP client can decode (in-process
// clients would read it anyway), and a changed length or connection corrupts the connection.
const FRAMING = new Set([...HOP_BY_HOP_HEADERS, "content-encoding", "content-length"]);

/** `prefix` starts every message: "failNext: " in process, nothing for the admin body. */
export function checkFailureHeaders(headers: unknown, prefix: string): Record<string, string> {
  if (headers === undefined) return {};
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    throw new TypeError(
      `${prefix}headers must be a Headers or an object of header names and string values.`,
    );
  }
  // A Headers has no own enumerable properties: Object.entries would see nothing at all.
  const entries = headers instanceof Headers ? [...headers] : Object.entries(headers);
  const checked: Record<string, string> = {};
  for (const [name, value] of entries) {
    const shown = shownName(name);
    if (!FIELD_NAME.test(name)) {
      throw new TypeError(`${prefix}headers: ${shown} is not a valid header name.`);
    }
    const lower = name.toLowerCase();
    if (FRAMING.has(lower)) {
      throw new TypeError(
        `${prefix}headers: ${shown} cannot be set; the server frames and encodes the body itself.`,
      );
    }
    if (Object.hasOwn(checked, lower)) {
      throw new TypeError(`${prefix}headers: ${shown} is given twice (names ignore case).`);
    }
    if (typeof value !== "string") {
      throw new TypeError(`${prefix}headers[${shown}] must be a string.`);
    }
    if (!FIELD_VALUE.test(value)) {
      throw new TypeError(
        `${prefix}headers[${shown}] is not a valid header value: visible ASCII, spaces and tabs only.`,
      );
    }
    // Fetch's Headers trims these and node:http would not: trimmed here, every adapter agrees.
    checked[lower] = value.replace(/^[\t ]+|[\t ]+$/g, "");
  }
  return checked;
}
