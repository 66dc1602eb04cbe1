// Parses the HTTP/1.1 responses a raw socket received. Raw sockets are how the hostile-input
// tests send what fetch refuses to send (lying Content-Length, NUL bytes, bad framing), so
// they also need to read answers byte by byte, including several on one connection.

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Every complete response at the start of `bytes`; `closed` completes a close-delimited body. */
export function parseRawResponses(bytes: Buffer, closed: boolean): RawResponse[] {
  const responses: RawResponse[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const parsed = parseOne(bytes, offset, closed);
    if (!parsed) break;
    responses.push(parsed.response);
    offset = parsed.end;
  }
  return responses;
}

function parseOne(bytes: Buffer, start: number, closed: boolean) {
  const headEnd = bytes.indexOf("\r\n\r\n", start);
  if (headEnd === -1) return undefined;
  const [statusLine = "", ...headerLines] = bytes.toString("latin1", start, headEnd).split("\r\n");
  const status = Number(statusLine.split(" ")[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const bodyStart = headEnd + 4;
  // An interim answer (100 Continue) has no body; the final answer follows it.
  if (status >= 100 && status < 200) {
    return { response: { status, headers, body: "" }, end: bodyStart };
  }
  const body = readBody(bytes, bodyStart, headers, closed);
  if (!body) return undefined;
  return { response: { status, headers, body: body.text }, end: body.end };
}

function readBody(
  bytes: Buffer,
  start: number,
  headers: Record<string, string>,
  closed: boolean,
): { text: string; end: number } | undefined {
  if (headers["transfer-encoding"]?.toLowerCase() === "chunked") return readChunked(bytes, start);
  if (headers["content-length"] !== undefined) {
    const end = start + Number(headers["content-length"]);
    return end <= bytes.length ? { text: bytes.toString("utf8", start, end), end } : undefined;
  }
  // Without framing headers the body runs until the server closes the connection.
  return closed ? { text: bytes.toString("utf8", start), end: bytes.length } : undefined;
}

function readChunked(bytes: Buffer, start: number) {
  const parts: Buffer[] = [];
  let offset = start;
  for (;;) {
    const lineEnd = bytes.indexOf("\r\n", offset);
    if (lineEnd === -1) return undefined;
    const size = Number.parseInt(bytes.toString("latin1", offset, lineEnd), 16);
    if (size === 0) {
      const end = bytes.indexOf("\r\n", lineEnd + 2);
      if (end === -1) return undefined;
      return { text: Buffer.concat(parts).toString("utf8"), end: end + 2 };
    }
    if (lineEnd + 2 + size + 2 > bytes.length) return undefined;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}
