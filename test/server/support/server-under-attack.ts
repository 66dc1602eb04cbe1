// The fixture of the hostile-input tests: one server for the whole file, raw connections that
// are closed after each test, and after each test the check that the server still serves.
import { afterAll, afterEach, beforeAll } from "vitest";
import {
  type PlantStoreServer,
  type PlantStoreServerOptions,
  startPlantStoreServer,
} from "../../../src/server/index.js";
import { openRawConnection, type RawConnection } from "./raw-connection.js";
import { expectStillServing } from "./still-serving.js";

export interface ServerUnderAttack {
  /** The running server (available from the first test on). */
  readonly server: PlantStoreServer;
  /** Opens a raw connection to it, destroyed after the current test. */
  connect(): Promise<RawConnection>;
}

export function useServerUnderAttack(
  options: PlantStoreServerOptions & { tokens: [string, ...string[]] },
): ServerUnderAttack {
  let server: PlantStoreServer | undefined;
  const connections: RawConnection[] = [];
  const running = () => {
    if (!server) throw new Error("the server is started in beforeAll");
    return server;
  };

  beforeAll(async () => {
    server = await startPlantStoreServer(options);
  });
  afterEach(async () => {
    for (const connection of connections.splice(0)) connection.destroy();
    await expectStillServing(running().url, options.tokens[0]);
  });
  afterAll(async () => {
    await server?.close();
  });

  return {
    get server() {
      return running();
    },
    async connect() {
      const connection = await openRawConnection(running().url);
      connections.push(connection);
      return connection;
    },
  };
}
