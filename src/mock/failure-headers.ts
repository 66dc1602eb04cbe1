// The extra headers of a `failNext` answer. Checked when the scenario is set: a name or
// value HTTP cannot carry would otherwise surface later, as a 500 from whichever adapter
// writes the answer. Names are lower-cased so `Content-Type` replaces the answer's own
// content-type instead of being sent next to it.

// RFC 9110 token: the characters a field name may use.
const FIELD_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// RFC 9110 field value, as Node writes it: no CR, LF, NUL or other control character.
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
// The adapters frame the body; a scenario that changed these would corrupt the connection.
const FRAMING = new Set(["content-length", "transfer-encoding", "connection"]);

export function checkFailureHeaders(headers: unknown): Record<string, string> {
  if (headers === undefined) return {};
  if (typeof headers !== "object" || headers === null || Array.isArray(headers)) {
    throw new TypeError("failNext: headers must be an object of header names and string values.");
  }
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const shown = JSON.stringify(name);
    if (!FIELD_NAME.test(name)) {
      throw new TypeError(`failNext: headers: ${shown} is not a valid header name.`);
    }
    const lower = name.toLowerCase();
    if (FRAMING.has(lower)) {
      throw new TypeError(`failNext: headers: ${shown} cannot be set; the server frames the body.`);
    }
    if (Object.hasOwn(checked, lower)) {
      throw new TypeError(`failNext: headers: ${shown} is given twice (names ignore case).`);
    }
    if (typeof value !== "string") {
      throw new TypeError(`failNext: headers[${shown}] must be a string.`);
    }
    if (!FIELD_VALUE.test(value)) {
      throw new TypeError(
        `failNext: headers[${shown}] is not a valid header value: no CR, LF or other control characters.`,
      );
    }
    // Fetch's Headers trims these and node:http would not: trimmed here, every adapter agrees.
    checked[lower] = value.replace(/^[\t ]+|[\t ]+$/g, "");
  }
  return checked;
}
