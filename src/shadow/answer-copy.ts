// What the shadow proxy keeps of a deployment's answer to compare it: a copy of its first
// COMPARED_BYTES bytes, while the whole answer streams to the app. A larger body passes on
// unchanged and is not compared; a compressed one is decoded (into at most as many bytes),
// as the app's own client would; a JSON body must be UTF-8 (RFC 8259 8.1).
import { isUtf8 } from "node:buffer";
import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate } from "node:zlib";
import { isJsonContentType } from "../mock/http/request-body.js";
import type { ShadowFindings } from "../mock/journal/journal-record.js";

type Finding = ShadowFindings["violations"][number];

/** The most of an answer's body the proxy keeps to compare, encoded or decoded: 1 MiB. */
export const COMPARED_BYTES = 1_048_576;

const DECODERS: Record<string, (bytes: Buffer, options: object) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  "x-gzip": promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

export interface CappedCopy {
  add(chunk: Buffer): void;
}

/** What the comparison gets of the body: its text, or why there is none to compare. */
export type ComparedBody =
  | { kind: "text"; text: string }
  /** Passed on but not compared: `finding` says why. */
  | { kind: "not-compared"; finding: Finding }
  /** Broken for every client: a violation. */
  | { kind: "violation"; finding: Finding };

export interface AnswerCopy extends CappedCopy {
  /** The body as compared, judged by the answer's Content-Encoding and Content-Type. */
  body(contentEncoding: string | undefined, contentType: string | undefined): Promise<ComparedBody>;
}

export function createAnswerCopy(): AnswerCopy {
  let kept: Buffer[] = [];
  let size = 0;

  return {
    add(chunk) {
      size += chunk.length;
      // Over the cap the parts are dropped at once: memory stays bounded whatever follows.
      if (size <= COMPARED_BYTES) kept.push(chunk);
      else kept = [];
    },
    async body(contentEncoding, contentType) {
      if (size > COMPARED_BYTES) return tooLarge("");
      const raw = Buffer.concat(kept, size);
      const decoded = await decode(raw, contentEncoding);
      if ("kind" in decoded) return decoded;
      if (isJsonContentType(contentType ?? null) && !isUtf8(decoded.bytes)) {
        return {
          kind: "violation",
          finding: { kind: "utf-8", message: "the JSON body is not valid UTF-8" },
        };
      }
      return { kind: "text", text: decoded.bytes.toString("utf8") };
    },
  };
}

async function decode(
  raw: Buffer,
  contentEncoding: string | undefined,
): Promise<{ bytes: Buffer } | ComparedBody> {
  const coding = (contentEncoding ?? "").trim().toLowerCase();
  if (coding === "" || coding === "identity") return { bytes: raw };
  const decoder = DECODERS[coding];
  if (decoder === undefined) {
    return {
      kind: "not-compared",
      finding: {
        kind: "content-encoding",
        message: `the body's Content-Encoding ${JSON.stringify(contentEncoding)} is not one the proxy decodes (gzip, deflate, br): passed on unchanged, not compared`,
      },
    };
  }
  try {
    return { bytes: await decoder(raw, { maxOutputLength: COMPARED_BYTES }) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
      return tooLarge(" once decoded");
    }
    return {
      kind: "violation",
      finding: {
        kind: "http",
        message: `the body does not decode as its Content-Encoding ${coding} says (${(error as Error).message})`,
      },
    };
  }
}

function tooLarge(when: string): ComparedBody {
  return {
    kind: "not-compared",
    finding: {
      kind: "too-large",
      message: `the body is over ${COMPARED_BYTES} bytes${when}, the most the proxy keeps to compare: passed on unchanged, not compared`,
    },
  };
}
