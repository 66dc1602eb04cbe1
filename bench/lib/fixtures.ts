// The data every benchmark sends and expects, so all candidates move the same bytes.

export const BENCH_TOKEN = "bench-token";
export const AUTHORIZATION = `Bearer ${BENCH_TOKEN}`;

/** Ten public plants: `GET /plants?limit=10` returns exactly these. */
export const TEN_PLANTS = Array.from({ length: 10 }, (_, index) => ({
  name: `Plant ${index + 1}`,
  tag: index % 2 ? "tropical" : "succulent",
}));
export const TEN_PLANTS_JSON = JSON.stringify(TEN_PLANTS);

/** The create body: no `id`, so the store assigns one and repeated creates never collide. */
export const NEW_PLANT = { name: "Calathea", tag: "prayer plant" };
export const NEW_PLANT_JSON = JSON.stringify(NEW_PLANT);

/** The two requests the HTTP benchmarks send, to a path below the server's base URL. */
export interface BenchRequest {
  label: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export const LIST_REQUEST: BenchRequest = {
  label: "GET /plants?limit=10",
  method: "GET",
  path: "/plants?limit=10",
  headers: { authorization: AUTHORIZATION },
};

export const CREATE_REQUEST: BenchRequest = {
  label: "POST /plants",
  method: "POST",
  path: "/plants",
  headers: { authorization: AUTHORIZATION, "content-type": "application/json" },
  body: NEW_PLANT_JSON,
};

/**
 * Opens `count` sandboxes on the admin API, each with three plants and a second token; with
 * `close`, closes each again, so the server has served the same requests and holds none.
 */
export async function openSandboxes(baseUrl: string, count: number, close = false) {
  const post = { method: "POST", headers: { "content-type": "application/json" } };
  const open = async () => {
    const body = JSON.stringify({ seed: TEN_PLANTS.slice(0, 3) });
    const opened = await fetch(`${baseUrl}/__admin/sandboxes`, { ...post, body });
    const { id } = (await opened.json()) as { id: string };
    const minted = await fetch(`${baseUrl}/__admin/sandboxes/${id}/tokens`, post);
    if (opened.status !== 201 || minted.status !== 201) throw new Error("no sandbox opened");
    if (close) await fetch(`${baseUrl}/__admin/sandboxes/${id}`, { method: "DELETE" });
  };
  for (let done = 0; done < count; done += 10) {
    await Promise.all(Array.from({ length: Math.min(10, count - done) }, open));
  }
}

/**
 * Replaces every scenario of the server's world with `scenario` (a POST /__admin/faults body):
 * the bench's idle scenarios, which the measured requests must pass by.
 */
export async function setScenario(baseUrl: string, scenario: object) {
  const cleared = await fetch(`${baseUrl}/__admin/faults`, { method: "DELETE" });
  const set = await fetch(`${baseUrl}/__admin/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(scenario),
  });
  if (cleared.status !== 204 || set.status !== 204) {
    throw new Error(`no scenario set (${cleared.status}, ${set.status}: ${await set.text()})`);
  }
}
