import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createPlantStoreClient,
  PlantStoreConnectionError,
  PlantStoreTimeoutError,
} from "../../src/client/index.js";
import { apiError, json, plants, stubFetch } from "./stub-fetch.js";

const baseUrl = "https://plants.example";
const token = "t";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("timeout", () => {
  it("gives a PlantStoreTimeoutError after 30 s by default (no retry for create)", async () => {
    const fetch = stubFetch("hang");
    const call = createPlantStoreClient({ baseUrl, token, fetch }).createPlant({ name: "Fern" });
    const outcome = expect(call).rejects.toThrow(
      new PlantStoreTimeoutError("POST https://plants.example/plants timed out (30000 ms)"),
    );
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetch.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    await expect(call).rejects.toBeInstanceOf(PlantStoreConnectionError);
    // The signal handed to fetch aborted, so a real fetch would have cancelled the request.
    expect(fetch.requests).toHaveLength(1);
  });

  it("applies the timeout option to each attempt, and retries a list after a timeout", async () => {
    const fetch = stubFetch("hang", "hang", json(plants));
    const call = createPlantStoreClient({ baseUrl, token, fetch, timeout: 1_000 }).listPlants();
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch.requests).toHaveLength(1);
    await vi.runAllTimersAsync();
    await expect(call).resolves.toEqual(plants);
    expect(fetch.requests).toHaveLength(3);
  });

  it("throws the timeout of the last attempt once the retries are spent", async () => {
    const fetch = stubFetch("hang");
    const call = createPlantStoreClient({ baseUrl, token, fetch, timeout: 50 }).listPlants();
    const outcome = expect(call).rejects.toBeInstanceOf(PlantStoreTimeoutError);
    await vi.runAllTimersAsync();
    await outcome;
    expect(fetch.requests).toHaveLength(3);
  });

  it("is off with timeout: Infinity", async () => {
    const fetch = stubFetch("hang");
    const controller = new AbortController();
    const call = createPlantStoreClient({ baseUrl, token, fetch, timeout: Infinity }).listPlants(
      {},
      { signal: controller.signal },
    );
    const outcome = expect(call).rejects.toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(24 * 3600 * 1000);
    expect(fetch.requests).toHaveLength(1);
    controller.abort();
    await outcome;
  });
});

describe("abort", () => {
  it("rejects with the AbortError of the caller's signal, and does not retry", async () => {
    const fetch = stubFetch("hang");
    const controller = new AbortController();
    const call = createPlantStoreClient({ baseUrl, token, fetch }).listPlants(
      {},
      { signal: controller.signal },
    );
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("AbortError");
    await vi.runAllTimersAsync();
    expect(fetch.requests).toHaveLength(1);
  });

  it("rejects with the caller's own reason when they give one", async () => {
    const fetch = stubFetch("hang");
    const controller = new AbortController();
    const reason = new Error("user left the page");
    const call = createPlantStoreClient({ baseUrl, token, fetch }).createPlant(
      { name: "Fern" },
      { signal: controller.signal },
    );
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
  });

  it("sends nothing when the signal is already aborted", async () => {
    const fetch = stubFetch(json(plants));
    const call = createPlantStoreClient({ baseUrl, token, fetch }).listPlants(
      {},
      { signal: AbortSignal.abort() },
    );
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(fetch.requests).toHaveLength(0);
  });

  it("ends the wait before a retry at once", async () => {
    const fetch = stubFetch(apiError(503, "busy", { "Retry-After": "20" }), json(plants));
    const controller = new AbortController();
    const call = createPlantStoreClient({ baseUrl, token, fetch }).listPlants(
      {},
      { signal: controller.signal },
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch.requests).toHaveLength(1);
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    await vi.runAllTimersAsync();
    expect(fetch.requests).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("a fetch that ignores the signal", () => {
  it("still times out: the attempt races the time limit", async () => {
    const fetch = stubFetch("ignore");
    const call = createPlantStoreClient({ baseUrl, token, fetch, timeout: 300 }).createPlant({
      name: "Fern",
    });
    const outcome = expect(call).rejects.toThrow(
      new PlantStoreTimeoutError("POST https://plants.example/plants timed out (300 ms)"),
    );
    await vi.advanceTimersByTimeAsync(300);
    await outcome;
    await expect(call).rejects.toBeInstanceOf(PlantStoreTimeoutError);
  });

  it("still ends at the caller's abort, with the signal's reason", async () => {
    const fetch = stubFetch("ignore");
    const controller = new AbortController();
    const call = createPlantStoreClient({ baseUrl, token, fetch }).listPlants(
      {},
      { signal: controller.signal },
    );
    await vi.advanceTimersByTimeAsync(200);
    const reason = new Error("navigated away");
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(fetch.requests).toHaveLength(1);
  });

  it("gets a Request whose own signal aborts at the timeout, with the timeout error as reason", async () => {
    const fetch = stubFetch("ignore");
    const call = createPlantStoreClient({ baseUrl, token, fetch, timeout: 100 }).createPlant({
      name: "Fern",
    });
    const outcome = expect(call).rejects.toBeInstanceOf(PlantStoreTimeoutError);
    await vi.advanceTimersByTimeAsync(0);
    const { signal } = fetch.requests[0] as Request;
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    await outcome;
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(PlantStoreTimeoutError);
  });

  it.each([
    ["with the default time limit", {}],
    ["with timeout: Infinity", { timeout: Infinity }],
  ])("gets a Request whose own signal aborts when the caller aborts, %s", async (_, options) => {
    const fetch = stubFetch("ignore");
    const controller = new AbortController();
    const call = createPlantStoreClient({ baseUrl, token, fetch, ...options }).listPlants(
      {},
      { signal: controller.signal },
    );
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(fetch.requests[0]?.signal.aborted).toBe(true);
  });
});

describe("a token function that never settles", () => {
  const neverSettles = () => new Promise<string>(() => {});

  it("is bounded by the timeout, says so, and sends nothing", async () => {
    const fetch = stubFetch(json(plants));
    const call = createPlantStoreClient({
      baseUrl,
      token: neverSettles,
      fetch,
      timeout: 250,
    }).createPlant({ name: "Fern" });
    const outcome = expect(call).rejects.toThrow(
      new PlantStoreTimeoutError(
        "POST https://plants.example/plants timed out (250 ms) waiting for the token",
      ),
    );
    await vi.advanceTimersByTimeAsync(250);
    await outcome;
    expect(fetch.requests).toHaveLength(0);
  });

  it("is asked again by each retry of a list, each within the timeout", async () => {
    const fetch = stubFetch(json(plants));
    const token = vi.fn(neverSettles);
    const call = createPlantStoreClient({ baseUrl, token, fetch, timeout: 250 }).listPlants();
    const outcome = expect(call).rejects.toBeInstanceOf(PlantStoreTimeoutError);
    await vi.runAllTimersAsync();
    await outcome;
    expect(token).toHaveBeenCalledTimes(3);
    expect(fetch.requests).toHaveLength(0);
  });

  it.each([
    ["the timeout", { timeout: 250 }, () => {}],
    [
      "the caller's abort",
      { timeout: Infinity },
      (controller: AbortController) => controller.abort(),
    ],
  ])("sends nothing when the token arrives after %s ended the call", async (_, options, end) => {
    const fetch = stubFetch(json(plants));
    const controller = new AbortController();
    let giveToken: (token: string) => void = () => {};
    const token = () => new Promise<string>((resolve) => (giveToken = resolve));
    const call = createPlantStoreClient({ baseUrl, token, fetch, retries: 0, ...options })
      .listPlants({}, { signal: controller.signal })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    end(controller);
    await vi.advanceTimersByTimeAsync(200);
    expect(await call).toBeInstanceOf(Error);
    giveToken("late");
    await vi.runAllTimersAsync();
    expect(fetch.requests).toHaveLength(0);
  });

  it("is ended by the caller's abort", async () => {
    const fetch = stubFetch(json(plants));
    const controller = new AbortController();
    const call = createPlantStoreClient({
      baseUrl,
      token: neverSettles,
      fetch,
      timeout: Infinity,
    }).listPlants({}, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(fetch.requests).toHaveLength(0);
  });
});
