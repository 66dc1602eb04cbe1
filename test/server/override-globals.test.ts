// Its own file: the option changes globals for the whole worker process.
import { expect, it } from "vitest";
import { DEMO_TOKEN, startPlantStoreServer } from "../../src/server/index.js";

it("leaves global Response alone by default and replaces it only when asked", async () => {
  const platformResponse = globalThis.Response;
  const plain = await startPlantStoreServer();
  await plain.close();
  expect(globalThis.Response).toBe(platformResponse);

  const fast = await startPlantStoreServer({ overrideGlobalObjects: true });
  try {
    expect(globalThis.Response).not.toBe(platformResponse);
    const response = await fetch(`${fast.url}/plants?limit=1`, {
      headers: { authorization: `Bearer ${DEMO_TOKEN}` },
    });
    expect(await response.json()).toEqual([{ name: "Monstera deliciosa", tag: "tropical" }]);
  } finally {
    await fast.close();
  }
});
