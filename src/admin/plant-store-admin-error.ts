import type { PlantStoreErrorBody } from "../client/types.js";

/** An admin request the server refused (any non-2xx answer). */
export class PlantStoreAdminError extends Error {
  override readonly name = "PlantStoreAdminError";
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The server's Error body, when the answer carried one. */
  readonly body: PlantStoreErrorBody | undefined;
  readonly method: string;
  readonly url: string;

  constructor(init: {
    method: string;
    url: string;
    status: number;
    statusText: string;
    body: PlantStoreErrorBody | undefined;
    /** The answer came from the API, not the admin endpoints: they are off. */
    adminOff: boolean;
  }) {
    const reason = init.body?.message ?? init.statusText;
    const hint = init.adminOff
      ? " The API answered, not the admin endpoints: start the server with --admin (admin: true)."
      : "";
    super(`${init.method} ${init.url} answered ${init.status}: ${reason}${hint}`);
    this.status = init.status;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
  }
}
