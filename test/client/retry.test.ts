import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createPlantStoreClient,
  PlantStoreApiError,
  PlantStoreConnectionError,
} from "../../src/client/index.js";
import { apiError, json, plants, stubFetch } from "./stub-fetch.js";

const baseUrl = "https://plants.example";
const token = "t";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-06-01T12:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Starts the call, records its outcome, and lets fake time run until it settles. */
async function settle<T>(call: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe("listPlants retries", () => {
  it.each([408, 429, 500, 502, 503, 504])(
    "retries %i twice by default, then throws it",
    async (status) => {
      const fetch = stubFetch(apiError(status, "try again"));
      const { error } = await settle(
        createPlantStoreClient({ baseUrl, token, fetch }).listPlants(),
      );
      expect(fetch.requests).toHaveLength(3);
      expect(error).toBeInstanceOf(PlantStoreApiError);
      expect((error as PlantStoreApiError).status).toBe(status);
    },
  );

  it("sends the limit it checked on every attempt, whatever happens to params meanwhile", async () => {
    const fetch = stubFetch(apiError(503, "busy"), json(plants));
    const params = { limit: 10 };
    const call = createPlantStoreClient({ baseUrl, token, fetch }).listPlants(params);
    params.limit = -1;
    await settle(call);
    expect(fetch.requests.map((request) => new URL(request.url).search)).toEqual([
      "?limit=10",
      "?limit=10",
    ]);
  });

  it("returns the plants once a retry succeeds", async () => {
    const fetch = stubFetch(apiError(503, "busy"), new TypeError("fetch failed"), json(plants));
    const { value } = await settle(createPlantStoreClient({ baseUrl, token, fetch }).listPlants());
    expect(value).toEqual(plants);
    expect(fetch.requests).toHaveLength(3);
  });

  it("retries connection errors", async () => {
    const fetch = stubFetch(new TypeError("fetch failed"));
    const { error } = await settle(createPlantStoreClient({ baseUrl, token, fetch }).listPlants());
    expect(error).toBeInstanceOf(PlantStoreConnectionError);
    expect(fetch.requests).toHaveLength(3);
  });

  it.each([400, 401, 404, 409, 413])("does not retry %i", async (status) => {
    const fetch = stubFetch(apiError(status, "no"));
    const { error } = await settle(createPlantStoreClient({ baseUrl, token, fetch }).listPlants());
    expect((error as PlantStoreApiError).status).toBe(status);
    expect(fetch.requests).toHaveLength(1);
  });

  it("takes a retry count (retries: n) or a limit (retries: { limit })", async () => {
    for (const [retries, attempts] of [
      [0, 1],
      [4, 5],
      [{ limit: 1 }, 2],
    ] as const) {
      const fetch = stubFetch(apiError(500, "down"));
      await settle(createPlantStoreClient({ baseUrl, token, fetch, retries }).listPlants());
      expect(fetch.requests).toHaveLength(attempts);
    }
  });

  it("is switched off for one call with retry: false", async () => {
    const fetch = stubFetch(apiError(503, "busy"));
    await settle(
      createPlantStoreClient({ baseUrl, token, fetch }).listPlants({}, { retry: false }),
    );
    expect(fetch.requests).toHaveLength(1);
  });
});

describe("backoff", () => {
  it("waits 0.5 s then 1 s, less at most 25 % jitter", async () => {
    const fetch = stubFetch(apiError(500, "down"));
    const call = createPlantStoreClient({ baseUrl, token, fetch }).listPlants();
    call.catch(() => {});
    await vi.advanceTimersByTimeAsync(374);
    expect(fetch.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(126); // 500 ms in all
    expect(fetch.requests).toHaveLength(2);
    // The second wait is 750 ms to 1 s after the second attempt (itself at 375 to 500 ms).
    await vi.advanceTimersByTimeAsync(624); // 1124 ms in all
    expect(fetch.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(376); // 1500 ms in all
    expect(fetch.requests).toHaveLength(3);
    await expect(call).rejects.toBeInstanceOf(PlantStoreApiError);
  });

  it("honours Retry-After in seconds", async () => {
    const fetch = stubFetch(apiError(429, "slow down", { "Retry-After": "3" }), json(plants));
    const call = createPlantStoreClient({ baseUrl, token, fetch }).listPlants();
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetch.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.requests).toHaveLength(2);
    await expect(call).resolves.toEqual(plants);
  });

  it("honours Retry-After as an HTTP date", async () => {
    const fetch = stubFetch(
      apiError(503, "maintenance", { "Retry-After": "Sun, 01 Jun 2025 12:00:05 GMT" }),
      json(plants),
    );
    const call = createPlantStoreClient({ baseUrl, token, fetch }).listPlants();
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetch.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.requests).toHaveLength(2);
    await expect(call).resolves.toEqual(plants);
  });

  it("retries at once for Retry-After: 0", async () => {
    const fetch = stubFetch(apiError(503, "busy", { "Retry-After": "0" }), json(plants));
    const call = createPlantStoreClient({ baseUrl, token, fetch }).listPlants();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.requests).toHaveLength(2);
    await expect(call).resolves.toEqual(plants);
  });

  // Only delta-seconds and an IMF-fixdate are Retry-After values (RFC 9110); Date.parse would
  // read most of these as dates, and Number() some as seconds.
  it.each([
    "soon",
    "1.5",
    "-1",
    "5s",
    "0x10",
    "1e3",
    "2025-06-01",
    "soon 5",
    "Sunday, 01-Jun-25 12:00:05 GMT",
    "Sun, 01 Jun 2025 12:00:05",
  ])("falls back to the backoff for Retry-After %j", async (retryAfter) => {
    const fetch = stubFetch(apiError(503, "busy", { "Retry-After": retryAfter }), json(plants));
    const call = createPlantStoreClient({ baseUrl, token, fetch }).listPlants();
    await vi.advanceTimersByTimeAsync(374);
    expect(fetch.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(126);
    await expect(call).resolves.toEqual(plants);
  });

  it("caps a wait past what a timer can hold (maxDelay: Infinity) instead of retrying at once", async () => {
    const fetch = stubFetch(apiError(503, "busy", { "Retry-After": "3000000" }), json(plants));
    const client = createPlantStoreClient({
      baseUrl,
      token,
      fetch,
      retries: { maxDelay: Infinity },
    });
    const call = client.listPlants();
    await vi.advanceTimersByTimeAsync(2 ** 31 - 2);
    expect(fetch.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch.requests).toHaveLength(2);
    await expect(call).resolves.toEqual(plants);
  });

  it("caps Retry-After at 30 s by default, and at maxDelay when given", async () => {
    for (const [retries, cap] of [
      [undefined, 30_000],
      [{ maxDelay: 2_000 }, 2_000],
    ] as const) {
      const fetch = stubFetch(apiError(429, "later", { "Retry-After": "3600" }), json(plants));
      const call = createPlantStoreClient({ baseUrl, token, fetch, retries }).listPlants();
      await vi.advanceTimersByTimeAsync(cap - 1);
      expect(fetch.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch.requests).toHaveLength(2);
      await expect(call).resolves.toEqual(plants);
    }
  });
});

describe("createPlant retries", () => {
  it("does not retry by default, even on 503 or a connection error", async () => {
    for (const reply of [apiError(503, "busy"), new TypeError("fetch failed")]) {
      const fetch = stubFetch(reply, json({ name: "Fern" }, 201));
      const { error } = await settle(
        createPlantStoreClient({ baseUrl, token, fetch }).createPlant({ name: "Fern" }),
      );
      expect(error).toBeDefined();
      expect(fetch.requests).toHaveLength(1);
    }
  });

  it("retries when the client opts in with retries: { createPlant: true }", async () => {
    const fetch = stubFetch(apiError(502, "bad gateway"), json({ name: "Fern" }, 201));
    const client = createPlantStoreClient({
      baseUrl,
      token,
      fetch,
      retries: { createPlant: true },
    });
    const { value } = await settle(client.createPlant({ name: "Fern" }));
    expect(value).toEqual({ name: "Fern" });
    expect(fetch.requests).toHaveLength(2);
    // Each attempt sends the whole body again.
    expect(await fetch.requests[1]?.json()).toEqual({ name: "Fern" });
  });

  it("retries when one call opts in with retry: true", async () => {
    const fetch = stubFetch(new TypeError("fetch failed"));
    const { error } = await settle(
      createPlantStoreClient({ baseUrl, token, fetch }).createPlant(
        { name: "Fern" },
        { retry: true },
      ),
    );
    expect(error).toBeInstanceOf(PlantStoreConnectionError);
    expect(fetch.requests).toHaveLength(3);
  });

  it("does not retry a 409 even when opted in", async () => {
    const fetch = stubFetch(apiError(409, "id 1 is already in the store."));
    const client = createPlantStoreClient({
      baseUrl,
      token,
      fetch,
      retries: { createPlant: true },
    });
    await settle(client.createPlant({ name: "Fern", id: 1 }));
    expect(fetch.requests).toHaveLength(1);
  });
});
