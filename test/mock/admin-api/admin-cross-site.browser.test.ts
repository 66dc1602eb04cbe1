// Issue 24 item 1 in a real browser: a page on another origin tries every request a page can
// send without a preflight (a no-cors fetch, a text/plain form, sendBeacon, an <img>, a 307
// redirect from its own server) and a JSON fetch that needs one. Pages on localhost and on
// 127.0.0.1 at another port (same site, another origin) both fail: the store, the data file
// and the journal stay as they were, and the server's log shows each request refused.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlantStoreServer, startPlantStoreServer } from "../../../src/server/index.js";
import { launchChromium } from "../../support/chromium.js";

const TOKEN = "cross-site-api-token";
let browser: Browser;
let server: PlantStoreServer;
let target: string;
let attacker: Server;
let attackerPort: number;
let directory: string;
let dataFile: string;
const logLines: string[] = [];

/** The page a visitor happens to open: it attacks `target` in every way a page can. */
function attackPage(admin: string, redirect: string): string {
  return `<!doctype html><title>innocent</title>
<iframe name="sink"></iframe><iframe name="sink2"></iframe>
<form id="text" method="POST" enctype="text/plain" target="sink" action="${admin}/__admin/reset">
  <input name='{"x":"' value='"}'></form>
<form id="redirected" method="POST" enctype="text/plain" target="sink2" action="${redirect}">
  <input name="x" value="y"></form>`;
}

const ATTACKS = `async (admin, redirect) => {
  const done = [];
  const settle = (promise) => promise.then(() => "sent", (error) => String(error));
  // Answers are opaque or blocked; only the server's log shows what happened.
  done.push(await settle(fetch(admin + "/__admin/reset", { method: "POST", mode: "no-cors", body: "x" })));
  done.push(await settle(fetch(admin + "/__admin/reset", {
    method: "POST", headers: { "content-type": "application/json" }, body: "{}",
  })));
  done.push(await settle(fetch(redirect, { method: "POST", mode: "no-cors", body: "x" })));
  done.push(navigator.sendBeacon(admin + "/__admin/reset", "x"));
  try {
    done.push(navigator.sendBeacon(admin + "/__admin/reset", new Blob(["{}"], { type: "application/json" })));
  } catch (error) {
    done.push(String(error));
  }
  for (const path of ["/__admin/requests", "/__admin/plants"]) {
    await new Promise((resolve) => {
      const image = new Image();
      image.onload = image.onerror = resolve;
      image.src = admin + path;
    });
  }
  const loaded = (name) => new Promise((resolve) => {
    document.querySelector('iframe[name="' + name + '"]').addEventListener("load", resolve, { once: true });
  });
  const text = loaded("sink");
  document.getElementById("text").submit();
  await text;
  const redirected = loaded("sink2");
  document.getElementById("redirected").submit();
  await redirected;
  return done;
}`;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "plant-store-cross-site-"));
  dataFile = join(directory, "plants.jsonl");
  [browser, server] = await Promise.all([
    launchChromium(),
    startPlantStoreServer({
      tokens: [TOKEN],
      admin: true,
      dataFile,
      log: (line) => logLines.push(line),
    }),
  ]);
  target = new URL(server.url).origin;
  attacker = createServer((request, response) => {
    if (request.url === "/redirect") {
      // A redirect keeps the method and body (307) and turns Origin into "null".
      response.writeHead(307, { location: `${target}/__admin/reset` }).end();
      return;
    }
    const host = request.headers.host ?? "";
    response.writeHead(200, { "content-type": "text/html" });
    response.end(attackPage(target, `http://${host}/redirect`));
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await rm(directory, { recursive: true, force: true });
});

/** The admin requests that reached the server, as its log shows them: "POST /__admin/reset 403". */
function adminLines(): string[] {
  return logLines
    .filter((line) => line.includes(" /__admin/"))
    .map((line) => line.split(" ").slice(0, 3).join(" "));
}

describe("a page on another origin in Chromium", () => {
  it.each(["localhost", "127.0.0.1"])(
    "on %s at another port cannot reset, load, clear or read anything",
    async (pageHost) => {
      const created = await fetch(`${server.url}/plants`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: '{"name":"Must survive"}',
      });
      expect(created.status).toBe(201);
      server.clearRequests();
      const storeBefore = server.store.entries();
      const dataBefore = await readFile(dataFile, "utf8");
      logLines.length = 0;

      const page = await browser.newPage();
      const origin = `http://${pageHost}:${attackerPort}`;
      await page.goto(`${origin}/`);
      await page.evaluate(
        `(${ATTACKS})(${JSON.stringify(target)}, ${JSON.stringify(`${origin}/redirect`)})`,
      );
      // Each way in reached the server and was refused (Chromium itself refuses a no-cors PUT):
      // a no-cors fetch, the redirected fetch, a beacon, the text/plain form and the redirected
      // form (5 POSTs); the preflights of the JSON fetch and of the JSON beacon; the images.
      const expected = [
        ...Array(5).fill("POST /__admin/reset 403"),
        ...Array(2).fill("OPTIONS /__admin/reset 403"),
        "GET /__admin/plants 403",
        "GET /__admin/requests 403",
      ].sort();
      // Beacons may arrive after the script is done.
      await expect.poll(() => adminLines().length, { timeout: 10_000 }).toBe(expected.length);
      await page.close();
      expect(adminLines().sort()).toEqual(expected);
      expect(server.store.entries()).toEqual(storeBefore);
      expect(await readFile(dataFile, "utf8")).toBe(dataBefore);
      expect(server.requests()).toEqual([]);
    },
    40_000,
  );

  it("while a page on the server's own origin still can (the guard is not a blanket refusal)", async () => {
    const page = await browser.newPage();
    await page.goto(`${target}/`);
    const status = await page.evaluate(
      async () =>
        (
          await fetch("/__admin/reset", {
            method: "POST",
            headers: { "content-type": "application/json" },
          })
        ).status,
    );
    await page.close();
    expect(status).toBe(204);
  }, 30_000);
});
