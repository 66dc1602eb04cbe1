// Concurrent writes: every create lands whole or fails whole. 10,000 creates are all in
// flight at once (queued on a bounded pool of keep-alive sockets), and racing creates with
// one explicit id must produce exactly one winner.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startPlantStoreServer } from "../../src/server/index.js";
import { createKeepAliveClient, type KeepAliveClient } from "./support/keep-alive-client.js";

const tokens = ["race-token-a", "race-token-b", "race-token-c"];
const seed = [{ name: "Seed ivy", tag: "public" }];

type Server = Awaited<ReturnType<typeof startPlantStoreServer>>;

describe("concurrent creates", () => {
  let server: Server;
  let client: KeepAliveClient;

  beforeEach(async () => {
    server = await startPlantStoreServer({ tokens, seed });
    client = createKeepAliveClient(server.url, 64);
  });

  afterEach(async () => {
    client.close();
    await server.close();
  });

  it("10,000 concurrent creates leave exactly 10,000 new plants with unique ids", async () => {
    const total = 10_000;
    const responses = await Promise.all(
      Array.from({ length: total }, (_, index) =>
        client.send({
          method: "POST",
          path: "/plants",
          token: tokens[index % tokens.length],
          body: { name: `concurrent plant ${index}` },
        }),
      ),
    );

    const statuses = new Map<number, number>();
    for (const response of responses) {
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 201: total });

    const created = server.store.entries().slice(seed.length);
    expect(created).toHaveLength(total);
    expect(new Set(created.map((entry) => entry.id)).size).toBe(total);
    expect(new Set(created.map((entry) => entry.name)).size).toBe(total);
    for (const entry of created) {
      const index = Number(entry.name.replace("concurrent plant ", ""));
      expect(entry.owner).toBe(tokens[index % tokens.length]);
    }

    // Each owner sees the seed plus its own share, through HTTP as well.
    const listed = await client.send({ path: "/plants", token: tokens[0] });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(seed.length + Math.ceil(total / tokens.length));
  }, 60_000);

  it("explicit ids racing assigned ids: every create lands whole or fails whole with 409", async () => {
    const total = 2_000;
    // Odd requests ask for ids the store's own counter is about to hand out.
    const bodies = Array.from({ length: total }, (_, index) =>
      index % 2 === 1 ? { id: index, name: `explicit ${index}` } : { name: `assigned ${index}` },
    );
    const responses = await Promise.all(
      bodies.map((body, index) =>
        client.send({ method: "POST", path: "/plants", token: tokens[index % 3], body }),
      ),
    );

    const entries = server.store.entries();
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    responses.forEach((response, index) => {
      const body = bodies[index] as { id?: number; name: string };
      const stored = byName.get(body.name);
      if (response.status === 201) {
        expect(response.body).toEqual({ name: body.name });
        expect(stored?.owner).toBe(tokens[index % 3]);
        if (body.id !== undefined) expect(stored?.id).toBe(body.id);
      } else {
        // Only an explicit id can be taken, and then by a plant that did land.
        expect(body.id).toBeDefined();
        expect(response.status).toBe(409);
        expect(response.body).toEqual({
          error: 409,
          message: `id ${body.id} is already in the store.`,
        });
        expect(stored).toBeUndefined();
        expect(entries.some((entry) => entry.id === body.id)).toBe(true);
      }
    });
    const landed = responses.filter((response) => response.status === 201).length;
    expect(entries).toHaveLength(seed.length + landed);
  }, 30_000);

  it("concurrent creates with the same explicit id: exactly one 201, every other one 409", async () => {
    const racers = 200;
    const id = 424_242;
    const responses = await Promise.all(
      Array.from({ length: racers }, (_, index) =>
        client.send({
          method: "POST",
          path: "/plants",
          token: tokens[index % tokens.length],
          body: { id, name: `racer ${index}` },
        }),
      ),
    );

    const winners = responses.filter((response) => response.status === 201);
    const conflicts = responses.filter((response) => response.status === 409);
    expect(winners).toHaveLength(1);
    expect(conflicts).toHaveLength(racers - 1);
    for (const conflict of conflicts) {
      expect(conflict.body).toEqual({ error: 409, message: expect.stringContaining("id") });
    }

    const withId = server.store.entries().filter((entry) => entry.id === id);
    expect(withId).toHaveLength(1);
    expect(winners[0]?.body).toEqual({ name: withId[0]?.name });
    expect(server.store.size).toBe(seed.length + 1);
  }, 30_000);
});
