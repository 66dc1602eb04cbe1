// Requests Node's HTTP parser rejects or times out never reach the handler. Node would
// answer them with an empty body; we answer with the contract's Error body instead, so
// every failure a client sees has the same shape.
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { HeaderRecord } from "../contract/core-exchange.js";
import type { InFlightResponses } from "./graceful-close.js";
import type { RawAnswers } from "./request-log.js";
import type { PlantStoreServerLog } from "./server-options.js";

const EXPECT_MESSAGE = "The Expect header must be 100-continue when it is sent.";

export function answerClientErrors(
  server: Server,
  inFlight: InFlightResponses,
  raw: RawAnswers,
  options: {
    requestTimeout: number;
    headersTimeout: number;
    log: PlantStoreServerLog;
    /** Headers every answer carries (CORS), so a browser can read these failures too. */
    headers: HeaderRecord;
  },
): void {
  const extraHeaders = Object.entries(options.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  // An Expect other than 100-continue never reaches the handler either: Node would answer
  // it with an empty 417.
  server.on("checkExpectation", (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({ error: 417, message: EXPECT_MESSAGE });
    response.writeHead(417, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      ...options.headers,
      connection: "close",
    });
    response.end(body);
    options.log("- - 417 - (unsupported Expect header)", "request");
  });
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    const response = inFlight.on(socket);
    if (response?.req.complete && !response.writableFinished) {
      // Bytes after a complete request are not HTTP (a Content-Length that was too short,
      // say): that request still gets its own answer, then the connection ends.
      if (!response.headersSent) response.setHeader("connection", "close");
      response.once("close", () => socket.destroy());
      return;
    }
    const answer = describe(error.code, response === undefined, options);
    // Only answer if nothing of a response has gone out yet, or the peer would see garbage.
    if (answer === undefined || !socket.writable || response?.headersSent === true) {
      socket.destroy();
      return;
    }
    if (response === undefined) options.log(`- - ${answer.status} - (${answer.reason})`, "request");
    else raw.set(response, answer.status);
    const body = JSON.stringify({ error: answer.status, message: answer.message });
    socket.end(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
        "Content-Type: application/json\r\n" +
        extraHeaders +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
    // The peer may still be sending; the socket goes once our answer is written.
    socket.once("finish", () => socket.destroy());
  });
}

interface Answer {
  status: number;
  message: string;
  reason: string;
}

function describe(
  code: string | undefined,
  beforeHeaders: boolean,
  timeouts: { requestTimeout: number; headersTimeout: number },
): Answer | undefined {
  switch (code) {
    case "ECONNRESET":
    case "EPIPE":
      return undefined; // the client is gone: nobody to answer
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return {
        status: 408,
        message: beforeHeaders
          ? `The request headers were not received within ${timeouts.headersTimeout} ms.`
          : `The request body was not received completely within ${timeouts.requestTimeout} ms.`,
        reason: "request timed out",
      };
    case "HPE_HEADER_OVERFLOW":
      return {
        status: 431,
        message: "The request headers are larger than the server accepts.",
        reason: "request headers too large",
      };
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return {
        status: 413,
        message: "The chunk extensions of the request body are larger than the server accepts.",
        reason: "chunk extensions too large",
      };
    default:
      return {
        status: 400,
        message: "The request is not valid HTTP/1.1.",
        reason: "malformed request",
      };
  }
}
