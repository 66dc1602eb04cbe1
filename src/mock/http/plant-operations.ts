// The two operations once a request has passed authentication, its route and its scenario:
// a list (its `limit`, 400) and a create (content type and size as read on arrival, 415 and
// 413; its fields, 400; its id, 409), answered from the world's store.

import type { CoreAnswer, CoreRequest, HeaderRecord } from "../../contract/core-exchange.js";
import type { ApiStep } from "../steps/core-step.js";
import type { PlantStore } from "../store/store-types.js";
import { errorAnswer, jsonAnswer, noAnswer, plantsJson } from "./json-answers.js";
import { parseLimitParam } from "./list-query.js";
import { type ArrivedBody, parseNewPlant } from "./request-body.js";

export function listPlants(
  store: PlantStore,
  viewer: string,
  search: string,
  headers: HeaderRecord,
): CoreAnswer {
  const limit = parseLimitParam(search);
  if (!limit.ok) return errorAnswer(400, limit.message, headers);
  return jsonAnswer(200, plantsJson(store.list(viewer, limit.limit)), headers);
}

export interface CreateContext {
  headers: HeaderRecord;
  createStatus: 200 | 201;
  /** Resolves once the store's changes are durable (the data file); only the global world has one. */
  commit: (() => Promise<void>) | undefined;
}

export async function createPlant(
  request: CoreRequest,
  body: ArrivedBody,
  store: PlantStore,
  owner: string,
  { headers, createStatus, commit }: CreateContext,
): Promise<CoreAnswer> {
  if (body.kind === "refused") return errorAnswer(body.status, body.message, headers);
  const input = parseNewPlant(body.text);
  if (!input.ok) return errorAnswer(400, input.message, headers);
  // A client that gave up (during a delayNext, say) must not find its plant stored later.
  if (request.clientGone()) return noAnswer(headers);
  const created = store.create(owner, input.plant);
  if (!created.ok) return errorAnswer(409, `id ${created.id} is already in the store.`, headers);
  await commit?.();
  // Not through the list cache: a plant may never be listed, and caching costs a create more than it saves.
  return jsonAnswer(createStatus, JSON.stringify(created.plant), headers);
}

/**
 * The core's last API step: the operation's own answer, from the request's world. Only the
 * set's own world is durable: sandboxes live in memory only, so theirs never reach the data file.
 */
export function operationAnswer(context: CreateContext & { global: unknown }): ApiStep {
  const { headers, createStatus, commit, global } = context;
  return ({ request, token, body, world }) => {
    if (body === undefined) return listPlants(world.store, token, request.search, headers);
    const durable = world === global ? commit : undefined;
    return createPlant(request, body, world.store, token, {
      headers,
      createStatus,
      commit: durable,
    });
  };
}
