import { brand } from "../../contract/brand.js";
import type { PlantStoreErrorBody } from "../../contract/plant-types.js";

/** An admin request the server refused (any non-2xx answer). */
export class PlantStoreAdminError extends Error {
  /** The HTTP status of the answer. */
  declare readonly status: number;
  /** The server's Error body, when the answer carried one. */
  declare readonly body: PlantStoreErrorBody | undefined;
  declare readonly method: string;
  declare readonly url: string;

  constructor(init: {
    method: string;
    url: string;
    status: number;
    statusText: string;
    body: PlantStoreErrorBody | undefined;
    /** The answer came from the API, not the admin endpoints: they are off. */
    adminOff: boolean;
  }) {
    const { method, url, status, body } = init;
    const hint = init.adminOff
      ? " The API answered, not the admin endpoints: start the server with --admin (admin: true)."
      : "";
    super(`${method} ${url} answered ${status}: ${body?.message ?? init.statusText}${hint}`);
    Object.assign(this, { status, body, method, url });
  }
}
brand(PlantStoreAdminError, "PlantStoreAdminError");
