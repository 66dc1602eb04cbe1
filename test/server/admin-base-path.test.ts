// With the admin endpoints on, a base path under /__admin would put the API where the admin
// endpoints answer: every entry that takes both refuses it before serving anything.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createPlantStoreFetchHandler } from "../../src/mock/index.js";
import { startPlantStoreServer } from "../../src/server/index.js";

const UNDER_ADMIN = ["/__admin", "__admin", "/__admin/", "/__admin/v1"];

describe("basePath under /__admin with the admin endpoints on", () => {
  it.each(UNDER_ADMIN)(
    "createPlantStoreFetchHandler refuses basePath %j with a RangeError",
    (basePath) => {
      const create = () => createPlantStoreFetchHandler({ admin: true, basePath });
      expect(create).toThrow(RangeError);
      expect(create).toThrow(
        /^basePath \/__admin(\/v1)? is under \/__admin, where the admin endpoints answer; choose another base path\.$/,
      );
    },
  );

  it.each(UNDER_ADMIN)(
    "startPlantStoreServer refuses basePath %j with a RangeError, before it opens the data file",
    async (basePath) => {
      const directory = await mkdtemp(join(tmpdir(), "plant-store-admin-base-"));
      try {
        const started = startPlantStoreServer({
          admin: { token: "admin-token" },
          basePath,
          dataFile: join(directory, "plants.log"),
        });
        await expect(started).rejects.toBeInstanceOf(RangeError);
        await expect(started).rejects.toThrow(
          " is under /__admin, where the admin endpoints answer; choose another base path.",
        );
        expect(await readdir(directory)).toEqual([]);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  );

  it("serves a base path that only starts like /__admin, and any base path without the admin endpoints", async () => {
    const beside = createPlantStoreFetchHandler({ admin: true, basePath: "/__administration" });
    const response = await beside(
      new Request("http://localhost/__administration/plants", {
        headers: { authorization: "Bearer any-token" },
      }),
    );
    expect(response.status).toBe(200);
    const server = await startPlantStoreServer({ basePath: "/__admin" });
    try {
      expect(server.url).toMatch(/\/__admin$/);
    } finally {
      await server.close();
    }
  });
});
