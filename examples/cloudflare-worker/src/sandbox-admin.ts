// The admin's sandbox endpoints, as the Worker serves them (the package's admin API, same
// paths): POST /__admin/sandboxes opens a sandbox in a new Durable Object, and
// /__admin/sandboxes/{id}/... goes to the object that id names. Only the holder of the
// PLANT_STORE_ADMIN_TOKEN secret may use them; without the secret there are no sandboxes.
import { bearerToken, sameSecret } from "./secrets.js";
import type { DurableObjectStub, Env } from "./workers-types.js";

export const SANDBOXES_PATH = "/__admin/sandboxes";

export const UNKNOWN_SANDBOX =
  "No open sandbox has the id in the path: it was closed, expired or never created.";

export function isSandboxesPath(path: string): boolean {
  return path === SANDBOXES_PATH || path.startsWith(`${SANDBOXES_PATH}/`);
}

export function adminError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: status, message }, { status, headers });
}

/** The refusal for a request that may not use the sandbox endpoints, or `undefined`. */
export function adminRefusal(request: Request, env: Env): Response | undefined {
  const adminToken = env.PLANT_STORE_ADMIN_TOKEN;
  if (adminToken === undefined || adminToken === "") {
    return adminError(
      404,
      "Sandboxes are off: set the PLANT_STORE_ADMIN_TOKEN secret (`npx wrangler secret put PLANT_STORE_ADMIN_TOKEN`).",
    );
  }
  const token = bearerToken(request.headers.get("authorization"));
  if (token !== undefined && sameSecret(token, adminToken)) return undefined;
  return adminError(401, "The bearer token in the Authorization header is not the admin token.", {
    "www-authenticate": 'Bearer realm="plant-store-admin"',
  });
}

/** The object a sandbox path names: a new one for POST /__admin/sandboxes. */
export function sandboxObjectFor(path: string, env: Env): DurableObjectStub | undefined {
  if (path === SANDBOXES_PATH) return env.SANDBOXES.get(env.SANDBOXES.newUniqueId());
  return sandboxObject(env, path.slice(SANDBOXES_PATH.length + 1).split("/")[0]);
}

/** The sandbox object of an id, or `undefined` when this namespace never made that id. */
export function sandboxObject(env: Env, id: string | undefined): DurableObjectStub | undefined {
  if (id === undefined) return undefined;
  try {
    return env.SANDBOXES.get(env.SANDBOXES.idFromString(id));
  } catch {
    return undefined;
  }
}
