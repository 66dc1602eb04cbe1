// A create whose client gave up while it was held back (delayNext) is not stored: the
// client was never told it landed, so it will not expect to find it.
import { afterEach, describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";

const TOKEN = "abandon-token";
const createInit = (signal: AbortSignal): RequestInit => ({
  method: "POST",
  headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
  body: JSON.stringify({ name: "Abandoned" }),
  signal,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a delayed create whose client aborted", () => {
  let server: PlantStoreServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("is not stored by the fetch handler", async () => {
    const handle = createPlantStoreFetchHandler({ tokens: [TOKEN] });
    const sizeBefore = handle.store.size;
    handle.delayNext("createPlant", 150);
    const controller = new AbortController();
    const answer = handle(new Request("http://mock.test/plants", createInit(controller.signal)));
    controller.abort();
    await answer.catch(() => undefined);
    await sleep(200);
    expect(handle.store.size).toBe(sizeBefore);
    expect(handle.store.list(TOKEN).map((plant) => plant.name)).not.toContain("Abandoned");
  });

  it("is not stored by the standalone server", async () => {
    // The aborted connection lingers until close() gives up on it: keep that short.
    server = await startPlantStoreServer({ tokens: [TOKEN], shutdownTimeout: 200 });
    const sizeBefore = server.store.size;
    server.delayNext("createPlant", 300);
    const controller = new AbortController();
    const answer = fetch(`${server.url}/plants`, createInit(controller.signal));
    await sleep(100);
    controller.abort();
    await expect(answer).rejects.toThrow();
    await sleep(350);
    expect(server.store.size).toBe(sizeBefore);
  });
});
