// GET / from a browser: the landing page, read from openapi.yaml; every other request to /
// keeps the contract's answer.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  DEMO_TOKEN,
  type PlantStoreServer,
  startPlantStoreServer,
} from "../../../src/server/index.js";

const spec = parse(readFileSync(new URL("../../../openapi.yaml", import.meta.url), "utf8")) as {
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; parameters?: { name: string }[]; responses: Record<string, unknown> }
    >
  >;
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
};

const HTML = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
const running: PlantStoreServer[] = [];

async function start(options: Parameters<typeof startPlantStoreServer>[0] = {}) {
  const server = await startPlantStoreServer(options);
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function page(server: PlantStoreServer): Promise<{ response: Response; html: string }> {
  const response = await fetch(`${new URL(server.url).origin}/`, { headers: HTML });
  return { response, html: await response.text() };
}

describe("the landing page", () => {
  it("answers a browser's GET / with HTML, before authentication, kept offline by its CSP", async () => {
    const server = await start();
    const { response, html } = await page(server);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("vary")).toBe("Accept");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(html.startsWith("<!doctype html>")).toBe(true);
    // Nothing is loaded from elsewhere: no external script, style sheet or image.
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
  });

  it("shows the name, version, base URL and every operation of openapi.yaml", async () => {
    const server = await start({ basePath: "/v1" });
    const { html } = await page(server);
    expect(html).toContain(`<title>${spec.info.title} ${spec.info.version}</title>`);
    expect(html).toContain(`>${server.url}</code>`);
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(html).toContain(`id="operation-${operation.operationId}"`);
        expect(html).toContain(
          `<span class="method method-${method}">${method.toUpperCase()}</span><code>/v1${path}</code>`,
        );
        for (const parameter of operation.parameters ?? []) {
          expect(html).toContain(`<td><code>${parameter.name}</code></td>`);
        }
        for (const status of Object.keys(operation.responses)) {
          expect(html).toContain(`<td><code>${status}</code></td>`);
        }
      }
    }
    for (const [name, schema] of Object.entries(spec.components.schemas)) {
      expect(html).toContain(`<article id="schema-${name}">`);
      for (const property of Object.keys(schema.properties)) {
        expect(html).toContain(`<td><code>${property}</code></td>`);
      }
    }
    expect(html).toContain(
      `curl -H &quot;Authorization: Bearer ${DEMO_TOKEN}&quot; ${server.url}/plants`,
    );
  });

  it("shows the demo token only when the server accepts it, never a token it was given", async () => {
    const withDemo = await page(await start());
    expect(withDemo.html).toContain(`<code id="demo-token">${DEMO_TOKEN}</code>`);
    expect(withDemo.html).toContain(`value="${DEMO_TOKEN}"`);

    const secret = "landing-page-secret-token";
    const withSecret = await page(await start({ tokens: [secret] }));
    expect(withSecret.html).not.toContain(secret);
    expect(withSecret.html).not.toContain(DEMO_TOKEN);
    expect(withSecret.html).toContain("they are not shown here");
    expect(withSecret.html).toContain("Bearer $TOKEN");
  });

  it("lists every admin endpoint of openapi.admin.yaml, sandboxes included, only when they are on", async () => {
    const admin = parse(
      readFileSync(new URL("../../../openapi.admin.yaml", import.meta.url), "utf8"),
    ) as { paths: Record<string, Record<string, { summary?: string }>> };
    const { html } = await page(await start({ admin: true }));
    const section = html.slice(html.indexOf('<section aria-labelledby="admin-endpoints">'));
    expect(section).toContain('<h2 id="admin-endpoints">Admin endpoints</h2>');
    for (const [path, item] of Object.entries(admin.paths)) {
      for (const method of ["get", "put", "post", "delete"]) {
        if (item[method] === undefined) continue;
        const cell = `>${method.toUpperCase()}</span></td><td><code>${path}</code>`;
        expect(section, `${method} ${path}`).toContain(cell);
      }
    }
    expect(section).toContain("<code>/__admin/sandboxes/{id}/tokens</code>");
    expect((await page(await start())).html).not.toContain("admin-endpoints");
  });

  it("escapes the Host header it shows", async () => {
    const server = await start();
    const { port } = new URL(server.url);
    const { request } = await import("node:http");
    const html = await new Promise<string>((resolve, reject) => {
      const outgoing = request(
        { port, host: "127.0.0.1", path: "/", headers: { ...HTML, host: '"><script>x</script>' } },
        (incoming) => {
          let text = "";
          incoming.setEncoding("utf8").on("data", (chunk: string) => {
            text += chunk;
          });
          incoming.on("end", () => resolve(text));
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    });
    expect(html).not.toContain("<script>x</script>");
  });

  it("is not part of the journal", async () => {
    const server = await start();
    await page(server);
    expect(server.requests()).toEqual([]);
  });
});

describe("every other request to /", () => {
  it("gets the contract's 401 without credentials and 404 with them", async () => {
    const server = await start();
    const origin = new URL(server.url).origin;
    const json = await fetch(`${origin}/`, { headers: { accept: "application/json" } });
    expect(json.status).toBe(401);
    const noAccept = await fetch(`${origin}/`);
    expect(noAccept.status).toBe(401);
    const post = await fetch(`${origin}/`, { method: "POST", headers: HTML });
    expect(post.status).toBe(401);
    const withToken = await fetch(`${origin}/`, {
      headers: { accept: "application/json", authorization: `Bearer ${DEMO_TOKEN}` },
    });
    expect(withToken.status).toBe(404);
    expect(await withToken.json()).toEqual({
      error: 404,
      message: "The request path is not part of the Plant Store API; use /plants.",
    });
  });

  it("gets the contract's answer from a browser too when the page is turned off", async () => {
    const server = await start({ landingPage: false });
    const { response } = await page(server);
    expect(response.status).toBe(401);
  });
});
