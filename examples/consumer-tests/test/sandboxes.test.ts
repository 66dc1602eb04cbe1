// Concurrent tests on one MSW handler set, each in its own sandbox (sandbox-fixture.ts): a
// test's plants, faults, resets and requests never reach another, even while both run.
import { describe } from "vitest";
import { loadPlantsByTag } from "../src/plants-by-tag.js";
import { savePlant } from "../src/save-plant.js";
import { plantStore, test } from "./sandbox-fixture.js";

/** Resolves once `count` tests have arrived: it holds each until all of them are running. */
function meetingPoint(count: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => {};
  const allHere = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return allHere;
  };
}

describe("one handler set, a sandbox per concurrent test", () => {
  const faultArmed = meetingPoint(2);
  const bothListed = meetingPoint(2);

  test.concurrent("a test's failure stays in its sandbox", async ({ client, sandbox, expect }) => {
    sandbox.failNext("listPlants", { status: 503, times: Number.POSITIVE_INFINITY });
    await faultArmed();
    await expect(loadPlantsByTag(client)).rejects.toMatchObject({ status: 503 });
    await bothListed();
    expect(sandbox.requests().map((entry) => entry.status)).toEqual([503, 503, 503]);
  });

  test.concurrent("meanwhile, a neighbour lists as usual", async ({ client, sandbox, expect }) => {
    await faultArmed(); // the other test's fault is armed from here on
    expect(await loadPlantsByTag(client)).toEqual({
      fern: ["Boston fern"],
      succulent: ["Snake plant"],
    });
    await bothListed();
    expect(sandbox.requests().map((entry) => entry.status)).toEqual([200]);
  });

  const bothSaved = meetingPoint(2);
  const oneReset = meetingPoint(2);

  test.concurrent("a test's reset clears only its own sandbox", async ({
    client,
    sandbox,
    expect,
  }) => {
    await savePlant(client, { name: "Cutting A", tag: "" });
    await bothSaved();
    sandbox.reset();
    await oneReset();
    expect((await client.listPlants()).map((plant) => plant.name)).toEqual([
      "Boston fern",
      "Snake plant",
    ]);
  });

  test.concurrent("a neighbour keeps its plants through it", async ({
    client,
    sandbox,
    expect,
  }) => {
    await savePlant(client, { name: "  Cutting B ", tag: "cutting" });
    await bothSaved();
    await oneReset(); // the other test has reset its sandbox
    expect(await client.listPlants()).toEqual([
      { name: "Boston fern", tag: "fern" },
      { name: "Snake plant", tag: "succulent" },
      { name: "Cutting B", tag: "cutting" },
    ]);
    expect(sandbox.requests().map(({ method, body }) => ({ method, body }))).toEqual([
      { method: "POST", body: { name: "Cutting B", tag: "cutting" } },
      { method: "GET", body: undefined },
    ]);
  });

  test.concurrent.for(["Monstera", "Pothos", "Calathea"])(
    "%s: each of several tests sees the seed and its own plant only",
    async (name, { client, sandbox, expect }) => {
      await savePlant(client, { name, tag: "" });
      expect((await client.listPlants()).map((plant) => plant.name)).toEqual([
        "Boston fern",
        "Snake plant",
        name,
      ]);
      expect(sandbox.store.entries().filter((plant) => plant.owner !== null)).toHaveLength(1);
    },
  );

  test("nothing reached the handler set outside a sandbox", ({ expect }) => {
    expect(plantStore.requests()).toEqual([]);
    expect(plantStore.store.entries().every((plant) => plant.owner === null)).toBe(true);
  });
});
