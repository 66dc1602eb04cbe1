// The shadow proxy against deployments that each depart from the contract in one way: each
// departure is found and named (a violation of openapi.yaml, or a divergence from the
// reference server), the app gets the deployment's answer unchanged, and against the
// package's own server nothing is found.
import { afterEach, describe, expect, it } from "vitest";
import { createPlantStoreAdmin } from "../../src/admin/index.js";
import { plantStoreMatchers } from "../../src/matchers/index.js";
import { type PlantStoreServer, startPlantStoreServer } from "../../src/server/index.js";
import type { PlantStoreServerOptions } from "../../src/server/server-options.js";
import { adminCall } from "../mock/admin-api/support/admin-call.js";
import { until } from "../support/event-loop.js";
import {
  DEPLOYMENT_TOKEN,
  type Departure,
  type FakeDeployment,
  freedPort,
  startDeployment,
  withJson,
} from "./support/fake-deployment.js";

expect.extend(plantStoreMatchers);

const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const closable of started.splice(0).reverse()) await closable.close();
});

async function shadowOf(
  departure: Departure = {},
  options: Partial<PlantStoreServerOptions> = {},
): Promise<{ deployment: FakeDeployment; proxy: PlantStoreServer }> {
  const deployment = await startDeployment(departure);
  started.push(deployment);
  const proxy = await startPlantStoreServer({
    shadow: { baseUrl: deployment.url },
    admin: true,
    ...options,
  });
  started.push(proxy);
  return { deployment, proxy };
}

/** What an app sends through the proxy: the deployment's token, JSON bodies. */
async function send(
  proxy: PlantStoreServer,
  method: string,
  target: string,
  body?: unknown,
  token = DEPLOYMENT_TOKEN,
) {
  const response = await fetch(`${proxy.url}${target}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The app's usual traffic: lists, creates, a bad create, a wrong token, a wrong method. */
async function usualTraffic(proxy: PlantStoreServer) {
  await send(proxy, "GET", "/plants");
  await send(proxy, "POST", "/plants", { name: "Fern", tag: "shade" });
  await send(proxy, "POST", "/plants", { name: "Aloe" });
  await send(proxy, "GET", "/plants");
  await send(proxy, "GET", "/plants?limit=1");
  await send(proxy, "GET", "/plants?limit=0");
  await send(proxy, "POST", "/plants", { tag: "no name" });
  await send(proxy, "GET", "/plants", undefined, "a-token-the-deployment-refuses");
  await send(proxy, "DELETE", "/plants");
}

const kinds = (items: readonly { kind: string }[]) => items.map((item) => item.kind);

describe("the shadow proxy", () => {
  it("finds nothing against the package's own server, and the app gets its answers", async () => {
    const { deployment, proxy } = await shadowOf();
    await usualTraffic(proxy);
    expect(await send(proxy, "GET", "/plants")).toMatchObject({
      status: 200,
      body: '[{"name":"Ivy"},{"name":"Fern","tag":"shade"},{"name":"Aloe"}]',
    });
    expect(proxy.shadowSummary()).toEqual({
      deployment: deployment.url,
      forwarded: 10,
      unreachable: 0,
      broken: 0,
      violations: [],
      divergences: [],
      notCompared: [],
    });
    expect(proxy.requests().every((entry) => entry.shadow?.violations.length === 0)).toBe(true);
    // The caller's own mistakes are still its contract violations; the deployment made none.
    expect(proxy.violations().map((entry) => entry.status)).toEqual([400, 401, 405]);
  });

  it("forwards method, path under the deployment's base, query, body, Authorization and Content-Type", async () => {
    const deployment = await startDeployment({}, { basePath: "/v1" });
    started.push(deployment);
    const proxy = await startPlantStoreServer({ shadow: { baseUrl: `${deployment.url}/` } });
    started.push(proxy);
    const created = await send(proxy, "POST", "/plants?x=1", { name: "Fern" });
    expect(created.status).toBe(201);
    expect(created.body).toBe('{"name":"Fern"}');
    expect(created.headers.get("content-type")).toBe("application/json");
    const listed = await send(proxy, "GET", "/plants?limit=2");
    expect(listed.body).toBe('[{"name":"Ivy"},{"name":"Fern"}]');
    expect(deployment.received).toEqual(["POST /v1/plants?x=1", "GET /v1/plants?limit=2"]);
    expect(deployment.authorizations).toEqual([
      `Bearer ${DEPLOYMENT_TOKEN}`,
      `Bearer ${DEPLOYMENT_TOKEN}`,
    ]);
    expect(proxy.shadowSummary()?.divergences).toEqual([]);
  });

  it("serves under --base-path and forwards the path beneath it", async () => {
    const { deployment, proxy } = await shadowOf({}, { basePath: "/api" });
    expect(proxy.url).toMatch(/\/api$/);
    expect((await send(proxy, "GET", "/plants")).status).toBe(200);
    expect(deployment.received).toEqual(["GET /plants"]);
  });

  it("names a deployment that answers creates with 200 (a divergence, not a violation)", async () => {
    const { proxy } = await shadowOf({
      answer: (answer) =>
        answer.status === 201
          ? new Response(answer.body, { status: 200, headers: answer.headers })
          : answer,
    });
    expect((await send(proxy, "POST", "/plants", { name: "Fern" })).status).toBe(200);
    const summary = proxy.shadowSummary();
    expect(summary?.violations).toEqual([]);
    expect(summary?.divergences).toEqual([
      {
        kind: "status",
        message: "the deployment answered 200, the reference server 201",
        count: 1,
        request: { seq: 1, method: "POST", path: "/plants", status: 200 },
      },
    ]);
    expect(proxy).toHaveNoContractViolations();
  });

  it("names a deployment that lists newest first", async () => {
    const { proxy } = await shadowOf({
      answer: (answer, request) =>
        request.method === "GET" && answer.status === 200
          ? withJson(answer, (plants) => [...(plants as unknown[])].reverse())
          : answer,
    });
    await send(proxy, "POST", "/plants", { name: "Fern" });
    await send(proxy, "POST", "/plants", { name: "Aloe" });
    expect((await send(proxy, "GET", "/plants")).body).toBe(
      '[{"name":"Aloe"},{"name":"Fern"},{"name":"Ivy"}]',
    );
    expect(kinds(proxy.shadowSummary()?.divergences ?? [])).toEqual(["list-order"]);
    expect(proxy.shadowSummary()?.divergences[0]?.message).toBe(
      "the plants this caller created through the proxy are not listed oldest first",
    );
  });

  it("names a deployment whose limit=0 returns everything (a violation)", async () => {
    const { proxy } = await shadowOf({
      request: (request) => new Request(request.url.replace(/\?limit=0$/, ""), request),
    });
    expect((await send(proxy, "GET", "/plants?limit=0")).body).toBe('[{"name":"Ivy"}]');
    const summary = proxy.shadowSummary();
    expect(summary?.violations).toMatchObject([
      { kind: "limit", message: "limit=0 listed 1 plants" },
    ]);
    expect(summary?.divergences).toEqual([]);
    const [entry] = proxy.violations();
    expect(entry?.violation).toBe(
      "The deployment's answer breaks openapi.yaml: limit=0 listed 1 plants.",
    );
    expect(() => expect(proxy).toHaveNoContractViolations()).toThrow(/limit=0 listed 1 plants/);
  });

  it("names a deployment that answers a create without a name with 422", async () => {
    const { proxy } = await shadowOf({
      answer: (answer) =>
        answer.status === 400
          ? new Response(JSON.stringify({ error: 422, message: "name is required." }), {
              status: 422,
              headers: { "content-type": "application/json" },
            })
          : answer,
    });
    expect((await send(proxy, "POST", "/plants", { tag: "x" })).status).toBe(422);
    expect(proxy.shadowSummary()?.violations).toEqual([]);
    expect(proxy.shadowSummary()?.divergences).toMatchObject([
      { kind: "status", message: "the deployment answered 422, the reference server 400" },
    ]);
  });

  it("names a 401 without WWW-Authenticate, and takes a 401 to a well-formed token as the deployment's decision", async () => {
    const { proxy } = await shadowOf({
      answer: (answer) => {
        const headers = new Headers(answer.headers);
        headers.delete("www-authenticate");
        return new Response(answer.body, { status: answer.status, headers });
      },
    });
    const refused = await send(proxy, "GET", "/plants", undefined, "not-the-deployments-token");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBeNull();
    expect(proxy.shadowSummary()?.divergences).toEqual([
      {
        kind: "www-authenticate",
        message:
          'the 401\'s WWW-Authenticate is missing, the reference server\'s "Bearer realm=\\"plant-store\\", error=\\"invalid_token\\""',
        count: 1,
        request: { seq: 1, method: "GET", path: "/plants", status: 401 },
      },
    ]);
  });

  it("names an answer with an id in a plant (a violation of openapi.yaml)", async () => {
    const { proxy } = await shadowOf({
      answer: (answer, request) =>
        request.method === "GET" && answer.status === 200
          ? withJson(answer, (plants) =>
              (plants as object[]).map((plant, index) => ({ id: index + 1, ...plant })),
            )
          : answer,
    });
    expect((await send(proxy, "GET", "/plants")).body).toBe('[{"id":1,"name":"Ivy"}]');
    expect(proxy.shadowSummary()?.violations).toMatchObject([
      { kind: "openapi", message: "200: body[0] must NOT have additional properties (id)" },
    ]);
    expect(proxy.violations()).toMatchObject([
      {
        status: 200,
        violation:
          "The deployment's answer breaks openapi.yaml: 200: body[0] must NOT have additional properties (id).",
        shadow: { violations: [{ kind: "openapi" }], divergences: [] },
      },
    ]);
    expect(() => expect(proxy).toHaveNoContractViolations()).toThrow(/additional properties/);
    // The summary and the journal as openapi.admin.yaml describes them.
    const origin = new URL(proxy.url).origin;
    expect((await adminCall(origin, "GET", "/__admin/shadow")).body).toEqual(proxy.shadowSummary());
    expect((await adminCall(origin, "GET", "/__admin/requests")).body).toEqual(proxy.requests());
  });

  it("answers 502 naming the deployment's origin when it cannot be reached, and never retries a create", async () => {
    const port = await freedPort();
    const proxy = await startPlantStoreServer({
      shadow: { baseUrl: `http://127.0.0.1:${port}/v1` },
      admin: true,
    });
    started.push(proxy);
    const created = await send(proxy, "POST", "/plants", { name: "Fern" });
    expect(created.status).toBe(502);
    expect(JSON.parse(created.body)).toEqual({
      error: 502,
      message: `The deployment at http://127.0.0.1:${port} did not answer (ECONNREFUSED); the request was not retried.`,
    });
    expect(created.body).not.toContain(DEPLOYMENT_TOKEN);
    expect(proxy.requests()).toMatchObject([{ operation: "createPlant", status: 502 }]);
    expect(proxy.shadowSummary()).toMatchObject({ forwarded: 1, unreachable: 1 });
  });

  it("keeps every forwarded token out of log lines, the journal, the summary and admin answers", async () => {
    const lines: string[] = [];
    const refused = "refused-by-the-deployment-0123456789";
    const { proxy } = await shadowOf(
      {
        // A deployment that echoes the token in its body and in a header.
        answer: (answer, request) => {
          const headers = new Headers(answer.headers);
          headers.set("x-echo", request.headers.get("authorization") ?? "");
          return answer.status === 401
            ? new Response(
                JSON.stringify({ error: 400, message: request.headers.get("authorization") }),
                {
                  status: 401,
                  headers,
                },
              )
            : answer;
        },
      },
      { log: (line) => lines.push(line) },
    );
    await send(proxy, "GET", `/plants?limit=1&note=${DEPLOYMENT_TOKEN}`);
    await send(proxy, "POST", `/plants/${refused}`, { name: refused }, refused);
    await send(proxy, "GET", "/plants", undefined, refused);
    const admin = createPlantStoreAdmin({ baseUrl: proxy.url });
    const shown = JSON.stringify([
      lines,
      proxy.requests(),
      proxy.violations(),
      proxy.shadowSummary(),
      await admin.requests(),
      await admin.shadow(),
      await admin.pact({ consumer: "web", provider: "plant-store" }),
    ]);
    const apiLines = lines.filter((line) => !line.includes("/__admin/"));
    expect(apiLines.map((line) => line.replace(/ [\d.]+ ms$/, ""))).toEqual([
      "GET /plants?limit=1&note=[redacted] 200",
      "POST /plants/[redacted] 401",
      "GET /plants 401",
    ]);
    expect(shown).not.toContain(DEPLOYMENT_TOKEN);
    expect(shown).not.toContain(refused);
    expect(shown).toContain("[redacted]");
  });

  it("ends forwarded requests still in flight when the server closes, and their sockets", async () => {
    const { deployment, proxy } = await shadowOf(
      { answer: () => undefined },
      { shutdownTimeout: 0 },
    );
    const answered = fetch(`${proxy.url}/plants`, {
      headers: { authorization: `Bearer ${DEPLOYMENT_TOKEN}` },
    }).then(
      () => "answered",
      () => "no answer",
    );
    await until(() => deployment.open.size === 1, "the deployment got the request");
    // With shutdownTimeout 0 close() waits for ever unless the forwarded request is ended.
    await proxy.close();
    expect(await answered).toBe("no answer");
    await until(() => deployment.open.size === 0, "the proxy's socket to the deployment closed");
    expect(proxy.requests()).toMatchObject([{ operation: "listPlants", status: 0 }]);
  });

  it("refuses options it cannot use, naming them", async () => {
    await expect(startPlantStoreServer({ shadow: { baseUrl: "ftp://x" } })).rejects.toThrow(
      new TypeError(
        "shadow.baseUrl must be an absolute http(s) URL without query, fragment or credentials.",
      ),
    );
    await expect(
      startPlantStoreServer({ shadow: { baseUrl: "http://x", extra: 1 } as never }),
    ).rejects.toThrow(new TypeError('shadow: unknown option "extra"; the options are baseUrl.'));
    await expect(
      startPlantStoreServer({ shadow: { baseUrl: "http://x" }, tokens: ["t1"] }),
    ).rejects.toThrow(
      new TypeError(
        "tokens has no effect with shadow: the shadow proxy authenticates nothing and stores nothing (the deployment does); leave tokens out.",
      ),
    );
  });

  it("serves GET /__admin/shadow only as a shadow proxy", async () => {
    const server = await startPlantStoreServer({ admin: true });
    started.push(server);
    const admin = createPlantStoreAdmin({ baseUrl: server.url });
    await expect(admin.shadow()).rejects.toMatchObject({ status: 404 });
    expect(server.shadowSummary()).toBeUndefined();
  });
});
