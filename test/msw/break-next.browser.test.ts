// breakNext through the MSW handler set in real Chromium, served by MSW's service worker: the
// page's own fetch and the SDK meet each kind as in Node (break-next.test.ts,
// test/client/broken-answers.test.ts). The page is bundled from fixtures/break-next-page.ts.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/chromium.js";

let browser: Browser;
let server: Server;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [new URL("./fixtures/break-next-page.ts", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const script = bundle.outputFiles[0]?.text ?? "";
  const worker = readFileSync(createRequire(import.meta.url).resolve("msw/mockServiceWorker.js"));
  server = createServer((request, response) => {
    if (request.url === "/mockServiceWorker.js" || request.url === "/page.js") {
      response.setHeader("content-type", "text/javascript");
      response.end(request.url === "/page.js" ? script : worker);
    } else if (request.url === "/") {
      response.setHeader("content-type", "text/html");
      response.end(
        '<!doctype html><title>breakNext</title><script type="module" src="/page.js"></script>',
      );
    } else {
      // Only what the service worker let through reaches here: never an API call.
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => (globalThis as { ready?: boolean }).ready === true);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** What the page's fetch and the SDK meet, for an operation whose 2xx is `status`. */
const expected = (status: 200 | 201) => ({
  "network-error": { raw: "rejected TypeError", sdk: "PlantStoreConnectionError" },
  hang: { raw: "rejected TypeError", sdk: "PlantStoreTimeoutError" },
  truncated: { raw: `${status} body TypeError`, sdk: "PlantStoreConnectionError" },
  "malformed-json": { raw: `${status} not JSON`, sdk: "PlantStoreError" },
  "wrong-shape": { raw: `${status} other`, sdk: "PlantStoreError" },
});

const cases = (
  [
    ["listPlants", 200],
    ["createPlant", 201],
  ] as const
).flatMap(([operation, status]) =>
  Object.entries(expected(status)).map(([kind, outcome]) => [operation, kind, outcome] as const),
);

describe("breakNext through MSW's service worker in Chromium", () => {
  it.each(cases)(
    "%s, %s",
    async (operation, kind, expected) => {
      const outcome = await page.evaluate(
        ([k, o]) =>
          (
            globalThis as unknown as {
              breakAndCall(kind: string, operation: string): Promise<unknown>;
            }
          ).breakAndCall(k, o),
        [kind, operation] as const,
      );
      expect(outcome).toEqual({
        ...expected,
        // A broken create stores nothing; the next call is answered as usual.
        stored: 0,
        after: operation === "listPlants" ? "200 list" : "201 plant",
      });
    },
    20_000,
  );
});
