// Bytes, not text: the deployment's answer reaches the app byte for byte (status, headers less
// the hop-by-hop ones, the body whatever its encoding), streamed; what the proxy keeps to
// compare is capped at 1 MiB, and an answer it cannot compare is passed on and said so.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { startHttpDeployment, startRawDeployment } from "./support/raw-deployment.js";
import { send, sendRaw, useShadowProxy } from "./support/shadow-fixture.js";

const proxies = useShadowProxy();
const MIB = 1_048_576;
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("the shadow proxy passes the deployment's bytes on", () => {
  it("passes a binary body, its status message and its own headers unchanged", async () => {
    const body = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte));
    const proxy = await proxies.start(
      await startHttpDeployment((_, response) => {
        response.writeHead(200, "Fine Indeed", {
          "content-type": "application/octet-stream",
          "x-request-cost": "3",
          etag: '"v1"',
        });
        response.end(body);
      }),
    );
    const answer = await sendRaw(proxy, "/plants");
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(body)).toBe(true);
    expect(answer.headers).toMatchObject({
      "content-type": "application/octet-stream",
      "x-request-cost": "3",
      etag: '"v1"',
    });
  });

  it("passes a Latin-1 body as its bytes, never re-encoded as UTF-8", async () => {
    const body = Buffer.from("Café crème", "latin1");
    const proxy = await proxies.start(
      await startHttpDeployment((_, response) => {
        response.writeHead(200, { "content-type": "text/plain; charset=iso-8859-1" });
        response.end(body);
      }),
    );
    const answer = await sendRaw(proxy, "/plants");
    expect(answer.bytes.equals(body)).toBe(true);
    expect(answer.bytes).toHaveLength(10);
  });

  it("passes a gzip body with its Content-Encoding and the app's Accept-Encoding, and compares what it decodes to", async () => {
    const gzipped = gzipSync('[{"id":1,"name":"Ivy"}]');
    let acceptEncoding: string | undefined;
    const proxy = await proxies.start(
      await startHttpDeployment((request, response) => {
        acceptEncoding = request.headers["accept-encoding"];
        response.writeHead(200, {
          "content-type": "application/json",
          "content-encoding": "gzip",
          "content-length": gzipped.length,
        });
        response.end(gzipped);
      }),
    );
    const answer = await sendRaw(proxy, "/plants", { "accept-encoding": "gzip" });
    expect(acceptEncoding).toBe("gzip");
    expect(answer.bytes.equals(gzipped)).toBe(true);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-length"]).toBe(String(gzipped.length));
    expect(proxy.shadowSummary()?.violations).toMatchObject([
      { kind: "openapi", message: "200: body[0] must NOT have additional properties (id)" },
    ]);
  });

  it("drops the hop-by-hop headers: the fixed list and every header Connection names", async () => {
    const proxy = await proxies.start(
      await startHttpDeployment((_, response) => {
        response.writeHead(200, {
          "content-type": "application/json",
          connection: "x-hop-by-hop, keep-alive",
          "x-hop-by-hop": "for the next hop only",
          trailer: "x-checksum",
          "proxy-authenticate": "Basic",
          "x-end-to-end": "kept",
        });
        response.end("[]");
      }),
    );
    const { headers } = await sendRaw(proxy, "/plants");
    expect(headers["x-end-to-end"]).toBe("kept");
    expect(headers["x-hop-by-hop"]).toBeUndefined();
    expect(headers.trailer).toBeUndefined();
    expect(headers["proxy-authenticate"]).toBeUndefined();
    // The proxy frames its own connection to the app.
    expect(headers.connection).toBe("keep-alive");
  });

  it("invents no header the deployment did not send (no Date)", async () => {
    const proxy = await proxies.start(
      await startRawDeployment(
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]",
      ),
    );
    const answer = await sendRaw(proxy, "/plants");
    expect(answer.bytes.toString()).toBe("[]");
    expect(answer.headers.date).toBeUndefined();
  });

  it("passes a body over 1 MiB unchanged and reports it not compared", async () => {
    // Plants with an id break openapi.yaml: not compared, so not reported either.
    const plants = Array.from({ length: 40_000 }, (_, id) => ({ id, name: `Plant ${id}` }));
    const body = Buffer.from(JSON.stringify(plants));
    expect(body.length).toBeGreaterThan(MIB);
    const proxy = await proxies.start(
      await startHttpDeployment((_, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(body);
      }),
    );
    const answer = await send(proxy, "GET", "/plants");
    expect(sha(answer.bytes)).toBe(sha(body));
    const notCompared = {
      kind: "too-large",
      message:
        "the body is over 1048576 bytes, the most the proxy keeps to compare: passed on unchanged, not compared",
    };
    expect(proxy.shadowSummary()).toMatchObject({
      forwarded: 1,
      violations: [],
      divergences: [],
      notCompared: [{ ...notCompared, count: 1, request: { seq: 1, status: 200 } }],
    });
    expect(proxy.requests()).toMatchObject([
      { status: 200, shadow: { violations: [], divergences: [], notCompared } },
    ]);
  });

  it("reports a gzip body over 1 MiB once decoded not compared", async () => {
    const gzipped = gzipSync(`[${" ".repeat(2 * MIB)}]`);
    const proxy = await proxies.start(
      await startHttpDeployment((_, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
        response.end(gzipped);
      }),
    );
    const answer = await sendRaw(proxy, "/plants", { "accept-encoding": "gzip" });
    expect(answer.bytes.equals(gzipped)).toBe(true);
    expect(proxy.shadowSummary()?.notCompared).toMatchObject([
      {
        kind: "too-large",
        message:
          "the body is over 1048576 bytes once decoded, the most the proxy keeps to compare: passed on unchanged, not compared",
      },
    ]);
  });

  it("reports a body in an encoding it cannot decode not compared, and passes it on", async () => {
    const body = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00]);
    const proxy = await proxies.start(
      await startHttpDeployment((_, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-encoding": "zstd" });
        response.end(body);
      }),
    );
    const answer = await sendRaw(proxy, "/plants", { "accept-encoding": "zstd" });
    expect(answer.bytes.equals(body)).toBe(true);
    expect(proxy.shadowSummary()?.notCompared).toMatchObject([
      {
        kind: "content-encoding",
        message:
          'the body\'s Content-Encoding "zstd" is not one the proxy decodes (gzip, deflate, br): passed on unchanged, not compared',
      },
    ]);
  });

  it("names a body that does not decode as its Content-Encoding says", async () => {
    const proxy = await proxies.start(
      await startHttpDeployment((_, response) => {
        response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
        response.end("[] is not gzip");
      }),
    );
    await sendRaw(proxy, "/plants", { "accept-encoding": "gzip" });
    expect(proxy.shadowSummary()?.violations).toMatchObject([
      {
        kind: "http",
        message:
          "the body does not decode as its Content-Encoding gzip says (incorrect header check)",
      },
    ]);
  });

  it("names a JSON body that is not UTF-8 (a violation), and passes its bytes on", async () => {
    const body = Buffer.from([0x5b, 0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xe9]);
    const bytes = Buffer.concat([body, Buffer.from('"}]')]);
    const proxy = await proxies.start(
      await startHttpDeployment((_, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(bytes);
      }),
    );
    const answer = await sendRaw(proxy, "/plants");
    expect(answer.bytes.equals(bytes)).toBe(true);
    expect(proxy.shadowSummary()?.violations).toMatchObject([
      { kind: "utf-8", message: "the JSON body is not valid UTF-8", count: 1 },
    ]);
    expect(proxy.violations()).toMatchObject([
      {
        violation: "The deployment's answer breaks openapi.yaml: the JSON body is not valid UTF-8.",
      },
    ]);
  });
});
