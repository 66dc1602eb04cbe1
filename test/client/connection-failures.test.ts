// What a person reads when no answer came: the message names the cause they can act on,
// from real sockets, real DNS, a real TLS handshake and a real MSW set-up.
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { createServer as createNetServer } from "node:net";
import { setupServer } from "msw/node";
import { describe, expect, it, vi } from "vitest";
import { createPlantStoreClient, PlantStoreConnectionError } from "../../src/client/index.js";

const token = "t";

async function connectionErrorOf(baseUrl: string): Promise<PlantStoreConnectionError> {
  const error = await createPlantStoreClient({ baseUrl, token, retries: 0 })
    .listPlants()
    .then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
  expect(error).toBeInstanceOf(PlantStoreConnectionError);
  return error as PlantStoreConnectionError;
}

describe("a connection error's message", () => {
  it("says ECONNREFUSED when nothing listens on the port", async () => {
    // A port that was free a moment ago: nothing listens there now.
    const probe = createNetServer().listen(0, "127.0.0.1");
    await once(probe, "listening");
    const { port } = probe.address() as AddressInfo;
    probe.close();
    await once(probe, "close");
    const error = await connectionErrorOf(`http://127.0.0.1:${port}`);
    expect(error.message).toBe(
      `GET http://127.0.0.1:${port}/plants: no response: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("names the host that could not be resolved", async () => {
    // .invalid never resolves (RFC 2606); without DNS at all the code is EAI_AGAIN instead.
    const error = await connectionErrorOf("http://plant-store.invalid");
    expect(error.message).toMatch(
      /^GET http:\/\/plant-store\.invalid\/plants: no response: getaddrinfo (ENOTFOUND|EAI_AGAIN) plant-store\.invalid$/,
    );
  });

  it("names a certificate the client does not trust, with its code", async () => {
    const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
    const server = createHttpsServer(
      { key: fixture("self-signed-key.pem"), cert: fixture("self-signed-cert.pem") },
      (_, response) => response.end("[]"),
    ).listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const error = await connectionErrorOf(`https://127.0.0.1:${port}`);
      expect(error.message).toBe(
        `GET https://127.0.0.1:${port}/plants: no response: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)`,
      );
    } finally {
      server.close();
    }
  });

  it("passes on MSW's own words for a request no handler took", async () => {
    const msw = setupServer();
    msw.listen({ onUnhandledRequest: "error" });
    // MSW prints its own report of the unhandled request too; kept out of the test output.
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const error = await connectionErrorOf("http://api.plants.test");
      expect(error.message).toBe(
        'GET http://api.plants.test/plants: no response: [MSW] Cannot bypass a request when using the "error" strategy for the "onUnhandledRequest" option.',
      );
    } finally {
      report.mockRestore();
      msw.close();
    }
  });
});
