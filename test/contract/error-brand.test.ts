// Every error class of the package answers `instanceof` for errors made by another copy of it
// (an app that loads both the ESM and the CJS build): the SDK's (test/client/error-identity),
// the admin client's, the verifier's and the data file's. vi.resetModules() makes the second
// import a fresh copy with classes of its own.
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as firstAdmin from "../../src/admin/index.js";
import * as firstServer from "../../src/server/index.js";
import * as firstVerify from "../../src/verify/index.js";

type Copy = { admin: typeof firstAdmin; server: typeof firstServer; verify: typeof firstVerify };
const first: Copy = { admin: firstAdmin, server: firstServer, verify: firstVerify };
let second: Copy;

beforeAll(async () => {
  vi.resetModules();
  second = {
    admin: await import("../../src/admin/index.js"),
    server: await import("../../src/server/index.js"),
    verify: await import("../../src/verify/index.js"),
  };
});

/** One error of each class, made the way the package makes them. */
async function errorsOf({ admin, server, verify }: Copy) {
  const refused = () =>
    Response.json(
      { error: 400, message: "status must be an integer from 400 to 599." },
      {
        status: 400,
      },
    );
  return {
    admin: await admin
      .createPlantStoreAdmin({ baseUrl: "http://127.0.0.1:1", fetch: async () => refused() })
      .reset()
      .catch((error: unknown) => error),
    verify: await verify
      .verifyPlantStore({ baseUrl: "ftp://plants.example", token: "t" })
      .catch((error: unknown) => error),
    dataFile: new server.PlantStoreDataFileError("Data file plants.jsonl, line 2: not valid JSON."),
  };
}

describe("the admin, verify and data-file errors across two copies of the package", () => {
  it("are really two sets of classes", () => {
    expect(second.admin.PlantStoreAdminError).not.toBe(first.admin.PlantStoreAdminError);
    expect(second.verify.PlantStoreVerifyError).not.toBe(first.verify.PlantStoreVerifyError);
    expect(second.server.PlantStoreDataFileError).not.toBe(first.server.PlantStoreDataFileError);
  });

  it("answer instanceof for the other copy's classes as for their own", async () => {
    for (const [made, checked] of [
      [second, first],
      [first, second],
      [first, first],
    ] as const) {
      const { admin, verify, dataFile } = await errorsOf(made);
      expect(admin).toBeInstanceOf(checked.admin.PlantStoreAdminError);
      expect(admin).not.toBeInstanceOf(checked.verify.PlantStoreVerifyError);
      expect(verify).toBeInstanceOf(checked.verify.PlantStoreVerifyError);
      expect(verify).not.toBeInstanceOf(checked.server.PlantStoreDataFileError);
      expect(dataFile).toBeInstanceOf(checked.server.PlantStoreDataFileError);
      expect(dataFile).not.toBeInstanceOf(checked.admin.PlantStoreAdminError);
      for (const error of [admin, verify, dataFile]) expect(error).toBeInstanceOf(Error);
    }
  });

  it("keep their names, in the stack too", async () => {
    const { admin, verify, dataFile } = await errorsOf(second);
    expect((admin as Error).stack).toMatch(/^PlantStoreAdminError: POST http:\/\/127\.0\.0\.1:1\//);
    expect((verify as Error).stack).toMatch(/^PlantStoreVerifyError: /);
    expect(dataFile.stack).toMatch(/^PlantStoreDataFileError: Data file plants\.jsonl/);
    expect(verify).toMatchObject({ name: "PlantStoreVerifyError", code: "invalid-options" });
  });

  it("leave subclasses of your own to the usual rule", () => {
    class MyDataFileError extends first.server.PlantStoreDataFileError {}
    expect(new second.server.PlantStoreDataFileError("x")).not.toBeInstanceOf(MyDataFileError);
    expect(new MyDataFileError("x")).toBeInstanceOf(second.server.PlantStoreDataFileError);
  });

  it.each([null, undefined, 5, "PlantStoreAdminError", {}, Object.create(null), new Error("x")])(
    "are not matched by %s",
    (value) => {
      expect(value instanceof first.admin.PlantStoreAdminError).toBe(false);
      expect(value instanceof second.verify.PlantStoreVerifyError).toBe(false);
      expect(value instanceof first.server.PlantStoreDataFileError).toBe(false);
    },
  );
});
