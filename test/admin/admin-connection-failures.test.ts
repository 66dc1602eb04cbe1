// What a person reads when an admin call gets no answer: as in the SDK, the method, the URL
// and the cause they can act on, from a real closed port and a real MSW set-up.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createServer as createNetServer } from "node:net";
import { setupServer } from "msw/node";
import { describe, expect, it, vi } from "vitest";
import { createPlantStoreAdmin } from "../../src/admin/index.js";
import { PlantStoreConnectionError } from "../../src/client/index.js";

async function failureOf(call: Promise<unknown>): Promise<PlantStoreConnectionError> {
  const error = await call.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(PlantStoreConnectionError);
  return error as PlantStoreConnectionError;
}

describe("an admin call without an answer", () => {
  it("says ECONNREFUSED when no server listens, naming the method and URL", async () => {
    // A port that was free a moment ago: nothing listens there now.
    const probe = createNetServer().listen(0, "127.0.0.1");
    await once(probe, "listening");
    const { port } = probe.address() as AddressInfo;
    probe.close();
    await once(probe, "close");
    const admin = createPlantStoreAdmin({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await failureOf(admin.reset());
    expect(error.name).toBe("PlantStoreConnectionError");
    expect(error.message).toBe(
      `POST http://127.0.0.1:${port}/__admin/reset: no response: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("names the host that could not be resolved", async () => {
    // .invalid never resolves (RFC 2606); without DNS at all the code is EAI_AGAIN instead.
    const admin = createPlantStoreAdmin({ baseUrl: "http://plant-store.invalid" });
    const error = await failureOf(admin.plants());
    expect(error.message).toMatch(
      /^GET http:\/\/plant-store\.invalid\/__admin\/plants: no response: getaddrinfo (ENOTFOUND|EAI_AGAIN) plant-store\.invalid$/,
    );
  });

  it("passes on MSW's own words for a request no handler took", async () => {
    const msw = setupServer();
    msw.listen({ onUnhandledRequest: "error" });
    // MSW prints its own report of the unhandled request too; kept out of the test output.
    const report = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const admin = createPlantStoreAdmin({ baseUrl: "http://mock.plants.test" });
      const error = await failureOf(admin.clearFaults());
      expect(error.message).toBe(
        'DELETE http://mock.plants.test/__admin/faults: no response: [MSW] Cannot bypass a request when using the "error" strategy for the "onUnhandledRequest" option.',
      );
    } finally {
      report.mockRestore();
      msw.close();
    }
  });

  it("says the answer broke off when its body did", async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new Error("socket hang up"));
      },
    });
    const admin = createPlantStoreAdmin({
      baseUrl: "http://127.0.0.1:1",
      fetch: async () => new Response(broken, { status: 200 }),
    });
    const error = await failureOf(admin.requests());
    expect(error.message).toBe(
      "GET http://127.0.0.1:1/__admin/requests: the answer broke off: socket hang up",
    );
  });
});
