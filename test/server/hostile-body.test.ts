// Hostile create bodies: oversized, at the size limit, deeply nested, or split inside a
// UTF-8 character. Each gets its exact answer, and the server keeps serving afterwards.
import { describe, expect, it } from "vitest";
import { requestHead } from "./support/raw-connection.js";
import { useServerUnderAttack } from "./support/server-under-attack.js";

const token = "hostile-body-token";
const seed = [{ name: "Seed palm", tag: "public" }];
const MiB = 1_048_576;

const attack = useServerUnderAttack({ tokens: [token], seed });
const { connect } = attack;

function createRequest(body: string | Uint8Array<ArrayBuffer>) {
  return fetch(`${attack.server.url}/plants`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  });
}

async function expectError(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error: status, message });
}

const tooLarge = { error: 413, message: `The request body is larger than the ${MiB}-byte limit.` };

describe("a 10 MiB body", () => {
  it("declared in Content-Length is refused with 413 before a byte of it is sent", async () => {
    const connection = await connect();
    await connection.write(
      requestHead("POST", "/plants", {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "Content-Length": 10 * MiB,
      }),
    );
    const [response] = await connection.responses(1);
    expect(response?.status).toBe(413);
    expect(JSON.parse(response?.body ?? "")).toEqual(tooLarge);
  });

  it("streamed chunked is refused with 413 long before the last byte is sent", async () => {
    const sizeBefore = attack.server.store.size;
    const connection = await connect();
    await connection.write(
      requestHead("POST", "/plants", {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "Transfer-Encoding": "chunked",
      }),
    );
    const chunk = Buffer.alloc(64 * 1024, "a");
    const frame = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n"),
    ]);
    let sent = 0;
    // Slow enough that the server's answer can overtake the body; it stops at the answer.
    while (sent < 10 * MiB && !connection.isClosed) {
      const answered = await connection.responses(1, 20).then(
        (responses) => responses.length > 0,
        () => false,
      );
      if (answered) break;
      await connection.write(frame).catch(() => {});
      sent += chunk.length;
    }
    const [response] = await connection.responses(1);
    expect(response?.status).toBe(413);
    expect(JSON.parse(response?.body ?? "")).toEqual(tooLarge);
    // The server answered once it had read past its 1 MiB limit (about 1.1 MiB sent here on
    // an idle machine); the bound leaves room for socket buffers on a loaded one.
    expect(sent).toBeLessThan(4 * MiB);
    expect(attack.server.store.size).toBe(sizeBefore);
  });
});

describe("the body limit boundary", () => {
  const bodyOf = (bytes: number) => `{"name":"${"x".repeat(bytes - 11)}"}`;
  const streamed = (text: string) =>
    fetch(`${attack.server.url}/plants`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      // A stream has no Content-Length: only the bytes counted while reading can stop it.
      body: new Blob([text]).stream(),
      duplex: "half",
    } as RequestInit);

  it.each([
    ["with Content-Length", createRequest],
    ["chunked", streamed],
  ])("%s: exactly 1 MiB is accepted, one byte more gets 413", async (_, send) => {
    const accepted = await send(bodyOf(MiB));
    expect(accepted.status).toBe(201);
    expect(((await accepted.json()) as { name: string }).name).toHaveLength(MiB - 11);
    const refused = await send(bodyOf(MiB + 1));
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual(tooLarge);
  });
});

describe("deeply nested JSON", () => {
  const depth = 100_000;

  it("100,000 unclosed [ is not valid JSON", async () => {
    await expectError(
      await createRequest("[".repeat(depth)),
      400,
      "The request body is not valid JSON.",
    );
  });

  it("100,000 nested arrays are not an object", async () => {
    await expectError(
      await createRequest("[".repeat(depth) + "]".repeat(depth)),
      400,
      "The request body must be a JSON object.",
    );
  });

  it("a deep tag is refused naming tag", async () => {
    const deep = `{"name":"Deep","tag":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`;
    await expectError(await createRequest(deep), 400, "tag must be a string.");
  });

  it("a deep unknown field is ignored and never echoed", async () => {
    const deep = `{"name":"Deep extra","extra":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const response = await createRequest(deep);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: "Deep extra" });
  });
});

// Invalid UTF-8 itself (400, nothing stored) is a case of the contract suite, on every path.
describe("UTF-8 across TCP segments", () => {
  it("a multi-byte character split across chunks is still accepted", async () => {
    const connection = await connect();
    const body = Buffer.from('{"name":"Café 🌱"}');
    await connection.write(
      requestHead("POST", "/plants", {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        "Content-Length": body.length,
      }),
    );
    // Splits inside the four bytes of the emoji.
    const split = body.indexOf(Buffer.from("🌱")) + 2;
    await connection.write(body.subarray(0, split));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await connection.write(body.subarray(split));
    const [response] = await connection.responses(1);
    expect(response?.status).toBe(201);
    expect(JSON.parse(response?.body ?? "")).toEqual({ name: "Café 🌱" });
  });
});
