// The admin endpoints of sandboxes (sandboxes.ts), for suites that drive a server from another
// process: POST /__admin/sandboxes opens one, /__admin/sandboxes/{id}/... does for it what the
// global endpoints do, POST .../tokens mints another token, DELETE /__admin/sandboxes/{id}
// closes it. A sandbox's store lives in memory only: nothing here waits for the data file.
import type { CoreAnswer, CoreRequest } from "../../contract/core-exchange.js";
import type { SeedPlant } from "../../contract/plant-types.js";
import {
  ADMIN_PREFIX,
  adminError,
  adminJson,
  type Methods,
  type worldRoutes,
} from "../admin-api/admin-routes.js";
import { bodyFailureStatus } from "../http/request-body.js";
import { SandboxLimitError } from "./sandbox-limit-error.js";
import type { SandboxRegistry } from "./sandbox-registry.js";

export const SANDBOXES_PATH = `${ADMIN_PREFIX}/sandboxes`;
export const UNKNOWN_SANDBOX =
  "No open sandbox has the id in the path: it was closed, expired or never created.";

export function isSandboxesPath(path: string): boolean {
  return path.startsWith(`${SANDBOXES_PATH}/`) || path === SANDBOXES_PATH;
}

const immediate = async (answer: CoreAnswer) => answer;

/** The methods of a path under /__admin/sandboxes, "unknown-sandbox", or none (404). */
export function createSandboxRoutes(
  sandboxes: SandboxRegistry,
  maxBodyBytes: number,
  /** The endpoints of one world, which a sandbox serves under its own prefix. */
  routesOfWorld: typeof worldRoutes,
): (path: string) => Methods | "unknown-sandbox" | undefined {
  const collection: Methods = {
    POST: async (request) => {
      const seed = await readSeedBody(request, maxBodyBytes);
      if (!seed.ok) return adminError(seed.status, seed.message);
      try {
        const { id, token } = sandboxes.create({ seed: seed.value });
        return adminJson(201, { id, token });
      } catch (error) {
        // Full: too many requests for now, nothing wrong with this one.
        const status = error instanceof SandboxLimitError ? 429 : 400;
        return adminError(status, (error as Error).message);
      }
    },
  };

  return (path) => {
    if (path === SANDBOXES_PATH) return collection;
    const [id = "", rest, ...more] = path.slice(SANDBOXES_PATH.length + 1).split("/");
    if (more.length > 0) return undefined;
    const found = sandboxes.byId(id);
    if (found === undefined) return "unknown-sandbox";
    const prefix = `${SANDBOXES_PATH}/${id}`;
    if (rest === undefined) {
      return {
        DELETE: async () => {
          found.sandbox.close();
          return { status: 204, headers: { "cache-control": "no-store" }, body: "" };
        },
      };
    }
    if (rest === "tokens") {
      return { POST: async () => adminJson(201, { token: found.sandbox.createToken() }) };
    }
    return routesOfWorld(prefix, found.world, immediate, maxBodyBytes)[path];
  };
}

type SeedBody =
  | { ok: true; value: readonly SeedPlant[] | undefined }
  | { ok: false; status: number; message: string };

/** No body, `{}` or `{ "seed": [...] }`; the seed itself is checked by the store's rules. */
async function readSeedBody(request: CoreRequest, maxBytes: number): Promise<SeedBody> {
  const body = await request.readBody(maxBytes);
  if (!body.ok) {
    const [status, message] = bodyFailureStatus(body.reason, maxBytes);
    return { ok: false, status, message };
  }
  if (body.text.trim() === "") return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(body.text);
  } catch {
    return { ok: false, status: 400, message: "The request body is not valid JSON." };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      ok: false,
      status: 400,
      message: 'The request body must be a JSON object such as { "seed": [] }.',
    };
  }
  const unknown = Object.keys(value).find((name) => name !== "seed");
  if (unknown !== undefined) {
    return {
      ok: false,
      status: 400,
      message: `Unknown field ${JSON.stringify(unknown)}; the field is seed.`,
    };
  }
  return { ok: true, value: (value as { seed?: readonly SeedPlant[] }).seed };
}
