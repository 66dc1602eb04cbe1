// The package's option types, as a consumer compiled with exactOptionalPropertyTypes sees
// them (the declarations in dist/, which `npm test` builds first): every optional field a
// user may forward takes `undefined`. The consumer is exact-optional/consumer.ts.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const tsc = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));
const project = fileURLToPath(new URL("./exact-optional/tsconfig.json", import.meta.url));

it("typechecks a consumer that forwards undefined into every optional option", async () => {
  const result = await promisify(execFile)(process.execPath, [tsc, "-p", project]).then(
    () => "",
    (error: { stdout: string }) => error.stdout,
  );
  expect(result).toBe("");
}, 120_000);
