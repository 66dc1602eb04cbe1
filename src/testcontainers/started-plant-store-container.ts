// A started PlantStoreContainer: where it answers, and the SDK and admin clients set up for it.
import { AbstractStartedContainer, type StartedTestContainer } from "testcontainers";
import { createPlantStoreAdmin } from "../admin/create-plant-store-admin.js";
import type { PlantStoreAdmin, PlantStoreAdminOptions } from "../admin/types.js";
import { createPlantStoreClient } from "../client/client.js";
import type {
  PlantStoreClient,
  PlantStoreClientOptions,
  PlantStoreToken,
} from "../client/types.js";

/** The port plant-store-mock listens on inside the image (its EXPOSE). */
export const PLANT_STORE_PORT = 4010;

/** Options of {@link StartedPlantStoreContainer.client}: the SDK's, with the URL filled in. */
export type PlantStoreContainerClientOptions = Omit<
  PlantStoreClientOptions,
  "baseUrl" | "token"
> & {
  /** Default: the container's token (the first withToken one, else the demo token). */
  token?: PlantStoreToken | undefined;
};

/** Options of {@link StartedPlantStoreContainer.admin}: the admin client's, URL and token filled in. */
export type PlantStoreContainerAdminOptions = Omit<PlantStoreAdminOptions, "baseUrl" | "token">;

/**
 * What {@link PlantStoreContainer.start} resolves with: a started container (Testcontainers'
 * methods, `stop()` removing it) with the API's URL and the clients for it.
 */
export class StartedPlantStoreContainer extends AbstractStartedContainer {
  /** The API's URL on this machine, as `createPlantStoreClient({ baseUrl })` takes it. */
  readonly baseUrl: string;
  readonly #token: string;
  readonly #adminToken: string | undefined;

  constructor(
    started: StartedTestContainer,
    tokens: { token: string; adminToken: string | undefined },
  ) {
    super(started);
    const host = started.getHost();
    const port = started.getMappedPort(PLANT_STORE_PORT);
    this.baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
    this.#token = tokens.token;
    this.#adminToken = tokens.adminToken;
  }

  /** An SDK client of this container with its token (the first withToken one, else the demo token). */
  client(options: PlantStoreContainerClientOptions = {}): PlantStoreClient {
    const { token = this.#token, ...rest } = options;
    return createPlantStoreClient({ ...rest, baseUrl: this.baseUrl, token });
  }

  /** The admin client of this container, with the admin token withAdmin() made. */
  admin(options: PlantStoreContainerAdminOptions = {}): PlantStoreAdmin {
    if (this.#adminToken === undefined) {
      throw new Error(
        "admin(): this container's admin endpoints are off; call withAdmin() before start().",
      );
    }
    return createPlantStoreAdmin({ ...options, baseUrl: this.baseUrl, token: this.#adminToken });
  }
}
