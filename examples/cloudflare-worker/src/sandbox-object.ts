// One sandbox in its own Durable Object: a whole Plant Store (the package's fetch handler over
// its own store, faults and journal) that only the sandbox's tokens enter. Its seed, tokens and
// plants are kept in the object's storage, so a sandbox outlives restarts and deploys; pending
// faults and the journal live in memory. Unused for 30 minutes, it closes itself (an alarm).
import {
  createPlantStore,
  createPlantStoreFetchHandler,
  type PlantStore,
  type PlantStoreFetchHandler,
  type SeedPlant,
} from "plant-store-sdk/mock";
import { adminError, isSandboxesPath, SANDBOXES_PATH, UNKNOWN_SANDBOX } from "./sandbox-admin.js";
import { bearerToken, newSandboxToken, sameSecret } from "./secrets.js";
import { keepPlants } from "./stored-plants.js";
import type { DurableObjectState, Env } from "./workers-types.js";

const SEED_KEY = "seed";
const TOKENS_KEY = "tokens";
const IDLE_MS = 30 * 60 * 1000;
/** What the package's admin API does for this object's store, as /__admin/sandboxes/{id}/... */
const STORE_ENDPOINTS = new Set(["/reset", "/faults", "/requests", "/plants"]);

/** Knows no sandbox, so it answers any psb_ token with the package's own 401. */
const noSandboxHere = createPlantStoreFetchHandler();

interface OpenSandbox {
  handle: PlantStoreFetchHandler;
  tokens: string[];
}

export class SandboxObject {
  private sandbox: OpenSandbox | undefined;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {
    void ctx.blockConcurrencyWhile(async () => {
      const tokens = await ctx.storage.get<string[]>(TOKENS_KEY);
      if (tokens === undefined) return; // never opened, or closed
      const seed = await ctx.storage.get<SeedPlant[]>(SEED_KEY);
      await this.open(createPlantStore({ seed }), tokens);
    });
  }

  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === SANDBOXES_PATH) return this.create(request);
    if (this.sandbox === undefined) {
      return isSandboxesPath(pathname) ? adminError(404, UNKNOWN_SANDBOX) : noSandboxHere(request);
    }
    return isSandboxesPath(pathname)
      ? this.admin(request, pathname, this.sandbox)
      : this.api(request, this.sandbox);
  }

  /** The idle alarm starts again: only the admin's and the sandbox's own requests count. */
  private touch(): Promise<void> {
    return this.ctx.storage.setAlarm(Date.now() + IDLE_MS);
  }

  /** Idle for IDLE_MS: closed, as if the admin had closed it. */
  async alarm(): Promise<void> {
    await this.close();
  }

  /** POST /__admin/sandboxes, optional body `{ "seed": [...] }`: 201 `{ id, token }`. */
  private async create(request: Request): Promise<Response> {
    if (request.method !== "POST") return notAllowed("POST");
    const body = await readSeedBody(request);
    if (body instanceof Response) return body;
    let store: PlantStore;
    try {
      store = createPlantStore({ seed: body.seed });
    } catch (error) {
      return adminError(400, (error as Error).message); // names `seed`
    }
    const token = newSandboxToken(this.ctx.id.toString());
    if (body.seed !== undefined) await this.ctx.storage.put(SEED_KEY, body.seed);
    await this.ctx.storage.put(TOKENS_KEY, [token]);
    await this.touch();
    await this.open(store, [token]);
    return Response.json({ id: this.ctx.id.toString(), token }, { status: 201 });
  }

  private async open(store: PlantStore, tokens: string[]): Promise<void> {
    await keepPlants(this.ctx.storage, store);
    // Its reset, faults, requests and plants endpoints are the package's, behind the same
    // admin token the Worker checked.
    const admin = { token: this.env.PLANT_STORE_ADMIN_TOKEN };
    this.sandbox = { handle: createPlantStoreFetchHandler({ store, admin }), tokens };
  }

  private async close(): Promise<void> {
    this.sandbox = undefined;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** The API. The store knows each caller by its place in the token list, never by the token. */
  private async api(request: Request, sandbox: OpenSandbox): Promise<Response> {
    const token = bearerToken(request.headers.get("authorization")) ?? "";
    const caller = sandbox.tokens.findIndex((known) => sameSecret(token, known));
    if (caller === -1) return noSandboxHere(request);
    await this.touch();
    const headers = new Headers(request.headers);
    headers.set("authorization", `Bearer caller-${caller}`);
    return sandbox.handle(new Request(request, { headers }));
  }

  /** /__admin/sandboxes/{id}[/...]: close, tokens, or the package's endpoints of this store. */
  private async admin(request: Request, path: string, sandbox: OpenSandbox): Promise<Response> {
    await this.touch();
    const rest = path.slice(`${SANDBOXES_PATH}/${this.ctx.id.toString()}`.length);
    if (rest === "") {
      if (request.method !== "DELETE") return notAllowed("DELETE");
      await this.close();
      return new Response(null, { status: 204 });
    }
    if (rest === "/tokens") {
      if (request.method !== "POST") return notAllowed("POST");
      const token = newSandboxToken(this.ctx.id.toString());
      sandbox.tokens.push(token);
      await this.ctx.storage.put(TOKENS_KEY, sandbox.tokens);
      return Response.json({ token }, { status: 201 });
    }
    if (!STORE_ENDPOINTS.has(rest)) {
      const endpoints = [...STORE_ENDPOINTS, "/tokens"].join(", ");
      return adminError(404, `The request path is not a sandbox endpoint; they are ${endpoints}.`);
    }
    const url = new URL(request.url);
    url.pathname = `/__admin${rest}`;
    return sandbox.handle(new Request(url, request));
  }
}

function notAllowed(allow: string): Response {
  return adminError(405, `This endpoint takes ${allow} only.`, { allow });
}

/** No body, `{}` or `{ "seed": [...] }`; the seed itself is checked by the package's store. */
async function readSeedBody(request: Request): Promise<{ seed?: SeedPlant[] } | Response> {
  const text = await request.text();
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return adminError(400, "The request body is not valid JSON.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return adminError(400, 'The request body must be a JSON object such as { "seed": [] }.');
  }
  const unknown = Object.keys(body).find((name) => name !== "seed");
  if (unknown !== undefined) {
    return adminError(400, `Unknown field ${JSON.stringify(unknown)}; the field is seed.`);
  }
  return body as { seed?: SeedPlant[] };
}
