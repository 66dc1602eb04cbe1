// Its own file: it checks process-wide globals.
import { expect, it } from "vitest";
import { DEMO_TOKEN, startPlantStoreServer } from "../../src/server/index.js";

it("leaves the platform's fetch, Request and Response alone while it serves", async () => {
  const before = [globalThis.fetch, globalThis.Request, globalThis.Response];
  const server = await startPlantStoreServer();
  try {
    const response = await fetch(`${server.url}/plants?limit=1`, {
      headers: { authorization: `Bearer ${DEMO_TOKEN}` },
    });
    expect(await response.json()).toEqual([{ name: "Monstera deliciosa", tag: "tropical" }]);
    expect([globalThis.fetch, globalThis.Request, globalThis.Response]).toEqual(before);
  } finally {
    await server.close();
  }
});
