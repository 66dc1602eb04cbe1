// What a host process needs from a server it embeds: close() never waits on connections
// that sent nothing, a log function that throws cannot crash it, and no token reaches the
// log, however a client spells it in the request target.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startPlantStoreServer } from "../../src/server/index.js";

const TOKEN = "hosting-token";

describe("startPlantStoreServer as a host process runs it", () => {
  it("close() resolves at once with a connection open that never sent a request", async () => {
    // shutdownTimeout 0 waits forever: close() only resolves if it ends such sockets itself.
    const server = await startPlantStoreServer({ tokens: [TOKEN], shutdownTimeout: 0 });
    const silent = connect(Number(new URL(server.url).port), "127.0.0.1");
    const halfHead = connect(Number(new URL(server.url).port), "127.0.0.1");
    await Promise.all([silent, halfHead].map((s) => new Promise((r) => s.once("connect", r))));
    halfHead.write("GET /plants HTTP/1.1\r\nHost: x\r\n");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.close();
    silent.destroy();
    halfHead.destroy();
  });

  it("keeps serving when its log function throws", async () => {
    const server = await startPlantStoreServer({
      tokens: [TOKEN],
      log: () => {
        throw new Error("log sink closed");
      },
    });
    try {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${server.url}/plants?limit=1`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        expect(response.status).toBe(200);
      }
    } finally {
      await server.close();
    }
  });

  it.each([
    ["access_token spelled with an escape", `/plants?access%5Ftoken=${TOKEN}`],
    ["any parameter holding the token", `/plants?token=${TOKEN}&limit=1`],
    ["the token as a path segment", `/plants/${TOKEN}`],
    ["the token percent-encoded", `/plants?x=${encodeURIComponent(TOKEN).replace("-", "%2D")}`],
  ])("never writes a token to the log: %s", async (_, target) => {
    const lines: string[] = [];
    const server = await startPlantStoreServer({
      tokens: [TOKEN],
      log: (line) => lines.push(line),
    });
    try {
      await (await fetch(`${server.url}${target}`)).text();
    } finally {
      await server.close();
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("[redacted]");
    expect(lines[0]).not.toContain(TOKEN);
    expect(lines[0]).not.toContain("hosting%2Dtoken");
  });
});
