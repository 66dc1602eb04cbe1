import type { Plant } from "../../../src/client/types.js";
import type { AcceptedToken, CreateRequest, FuzzRequest } from "./fuzz-requests.js";

/**
 * What the contract says the store holds: the public seed plants, then each token's own
 * plants in creation order. A viewer sees exactly the seed plus its own.
 */
export class PlantModel {
  private readonly own = new Map<AcceptedToken, Plant[]>();

  constructor(private readonly seed: readonly Plant[]) {}

  add(owner: AcceptedToken, plant: Plant): void {
    this.own.set(owner, [...(this.own.get(owner) ?? []), plant]);
  }

  visibleTo(viewer: AcceptedToken, limit?: number): Plant[] {
    return [...this.seed, ...(this.own.get(viewer) ?? [])].slice(0, limit);
  }
}

/** The plant a successful create returns: name and tag only, never id or unknown fields. */
export function expectedPlant(request: CreateRequest): Plant | undefined {
  const { body } = request;
  if (body.kind !== "valid") return undefined;
  return body.tag === undefined ? { name: body.name } : { name: body.name, tag: body.tag };
}

/**
 * The status the contract gives, checks in its order: authentication, content type, body,
 * uniqueness. `idTaken` says whether the body's id is already in the store.
 */
export function expectedStatus(request: FuzzRequest, idTaken: boolean): number {
  if (request.credentials.token === undefined) return 401;
  if (request.kind === "list") return request.limit === "invalid" ? 400 : 200;
  if (!request.jsonContentType) return 415;
  if (request.body.kind === "invalid") return 400;
  return idTaken ? 409 : 201;
}

/** The word a 400 message must contain, when one field is at fault. */
export function namedField(request: FuzzRequest): string | undefined {
  if (request.kind === "list") return request.limit === "invalid" ? "limit" : undefined;
  return request.body.kind === "invalid" ? request.body.field : undefined;
}
