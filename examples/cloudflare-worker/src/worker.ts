// The Worker in front. A request with a sandbox's token goes to that sandbox's own Durable
// Object, so parallel test runs never contend on one object; every other request goes to the
// one shared object, so all isolates and regions see the same plants. The admin's sandbox
// endpoints go to the object the path names.
import {
  adminError,
  adminRefusal,
  isSandboxesPath,
  sandboxObject,
  sandboxObjectFor,
  UNKNOWN_SANDBOX,
} from "./sandbox-admin.js";
import { bearerToken, sandboxObjectOf } from "./secrets.js";
import type { Env } from "./workers-types.js";

export { PlantStoreObject } from "./plant-store-object.js";
export { SandboxObject } from "./sandbox-object.js";

/** One name, so one object: outside sandboxes, the whole demo shares one store. */
const STORE_NAME = "plant-store";

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (isSandboxesPath(pathname)) {
      const refusal = adminRefusal(request, env);
      if (refusal !== undefined) return Promise.resolve(refusal);
      const sandbox = sandboxObjectFor(pathname, env);
      return sandbox?.fetch(request) ?? Promise.resolve(adminError(404, UNKNOWN_SANDBOX));
    }
    const token = bearerToken(request.headers.get("authorization"));
    // A psb_ token that names no object of ours goes to the shared store, which refuses it.
    const sandbox = sandboxObject(env, sandboxObjectOf(token));
    const shared = () => env.PLANT_STORE.get(env.PLANT_STORE.idFromName(STORE_NAME));
    return (sandbox ?? shared()).fetch(request);
  },
};
