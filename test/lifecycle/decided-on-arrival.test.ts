// A request's scenario is decided when it arrives, and every reset ends the requests still
// waiting: a slow request left over from one test never takes the next test's scenario, on
// any serving path, however many tests a suite runs.
import { describe, expect, it } from "vitest";
import { activeTimers } from "../support/event-loop.js";
import { SERVING_PATH_NAMES, type ServingPath, useServingPaths } from "./support/serving-paths.js";

const pathNamed = useServingPaths();

/** One test ending with a request still waiting, the reset between tests, the next test. */
async function round(path: ServingPath): Promise<{ next: unknown; leftOver: unknown }> {
  const { world } = path;
  await world.delayNext("listPlants", 60_000);
  const held = await path.sendHeldList();
  await world.reset();
  await world.failNext("listPlants", { status: 503 });
  const next = await path.list();
  return { next, leftOver: await held.outcome };
}

describe.each(SERVING_PATH_NAMES)("%s", (name) => {
  const path = () => pathNamed(name);

  it("a request waiting when the test ends gets no answer, and the next test's failNext is the next test's", async () => {
    expect(await round(path())).toEqual({ next: 503, leftOver: "dropped" });
    await path().world.reset();
  });

  it("200 rounds of a slow request, the reset and the next test's scenario: no answer crosses, no timer is left", async () => {
    const timersBefore = activeTimers();
    for (let i = 0; i < 200; i++) {
      expect(await round(path())).toEqual({ next: 503, leftOver: "dropped" });
      await path().world.reset();
    }
    // Each round left a minute-long delay behind before the fix; now the reset clears it.
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
    // A bound on a slow machine, not a speed target: 200 rounds over HTTP take a second or two.
  }, 60_000);

  it("a scenario set, cleared or reset after a request arrived does not change its answer", async () => {
    const { world } = path();
    // Long enough to still be waiting when the next line runs on a loaded machine.
    await world.delayNext("listPlants", 500);
    const held = await path().sendHeldList();
    // Set while it waits: it belongs to the next request, not to the one already waiting.
    await world.failNext("listPlants", { status: 503 });
    expect(await held.outcome).toBe(200);
    expect(await path().list()).toBe(503);
    await world.reset();
  });

  it("clearFaults() ends a waiting request too: no answer", async () => {
    const { world } = path();
    await world.delayNext("listPlants", 60_000);
    const held = await path().sendHeldList();
    await world.clearFaults();
    expect(await held.outcome).toBe("dropped");
    expect(await path().list()).toBe(200);
    await world.reset();
  });
});
