// The extra headers of a `failNext` answer. Checked when the scenario is set: a name or
// value HTTP cannot carry would otherwise surface later, as a 500 from whichever adapter
// writes the answer. Names are lower-cased so `Content-Type` replaces the answer's own
// content-type instead of being sent next to it.

// RFC 9110 token: the characters a field name may use.
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Visible ASCII, space and tab. RFC 9110 tolerates obs-text (0x80-0xFF), but the adapters
// disagree on it: node:http writes "é" as UTF-8 bytes while fetch's Headers keeps it as
// one Latin-1 byte, so a client would read different text from each. Refused instead.
const FIELD_VALUE = /^[\t\x20-\x7e]*$/;
// The adapters frame the body; a scenario that changed these would corrupt the connection.
const FRAMING = new Set(["content-length", "transfer-encoding", "connection"]);

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
    const shown = JSON.stringify(name);
    if (!FIELD_NAME.test(name)) {
      throw new TypeError(`${prefix}headers: ${shown} is not a valid header name.`);
    }
    const lower = name.toLowerCase();
    if (FRAMING.has(lower)) {
      throw new TypeError(`${prefix}headers: ${shown} cannot be set; the server frames the body.`);
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
