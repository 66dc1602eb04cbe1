// The admin endpoints through a mapped port. The server listens on 0.0.0.0 inside, where open
// admin endpoints would reach the network, so they only run behind an admin token (an --admin
// without one is refused at start: image.test.ts). With the token they work; without it nothing
// acts: not a plain request, not a page on another site, not a DNS-rebinding page (another Host
// name), and no page gets a cross-site preflight through.
import { request } from "node:http";
import { beforeAll, expect, it } from "vitest";
import { createPlantStoreAdmin } from "../../src/admin/index.js";
import {
  DEMO_TOKEN,
  describeWithEngine,
  type RunningContainer,
  runContainer,
} from "./support/containers.js";

const ADMIN_TOKEN = "container-admin-token-0123456789";
const REFUSED = {
  status: 401,
  body: {
    error: 401,
    message: "The Authorization header is missing; send Authorization: Bearer <token>.",
  },
};

let container: RunningContainer;

/** An admin request with any headers, Host included (fetch cannot set Host). */
function adminRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: unknown }> {
  const { port } = new URL(container.url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: "127.0.0.1", port, method, path, headers, setHost: headers.host === undefined },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text === "" ? undefined : JSON.parse(text),
          }),
        );
      },
    );
    outgoing.once("error", reject);
    outgoing.end(method === "POST" ? "{}" : undefined);
  });
}

/** The created plant is still there and nothing was reset. */
async function expectUnchanged(): Promise<void> {
  const answer = await fetch(`${container.url}/plants`, {
    headers: { authorization: `Bearer ${DEMO_TOKEN}` },
  });
  expect(((await answer.json()) as { name: string }[]).map((plant) => plant.name)).toContain(
    "Created before",
  );
}

describeWithEngine("the admin endpoints of the image through a mapped port", () => {
  beforeAll(async () => {
    container = await runContainer(["--admin-token", ADMIN_TOKEN]);
    const created = await fetch(`${container.url}/plants`, {
      method: "POST",
      headers: { authorization: `Bearer ${DEMO_TOKEN}`, "content-type": "application/json" },
      body: '{"name":"Created before"}',
    });
    expect(created.status).toBe(201);
  });

  it("answers the admin client with the admin token, from this machine and from a page of another site", async () => {
    const admin = createPlantStoreAdmin({ baseUrl: container.url, token: ADMIN_TOKEN });
    expect((await admin.requests()).map((entry) => entry.status)).toEqual([201]);
    expect((await admin.plants()).map((plant) => plant.name)).toContain("Created before");
    const crossSite = await adminRequest("GET", "/__admin/plants", {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      origin: "https://attacker.example",
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.status).toBe(200);
  });

  it.each<[string, Record<string, string>]>([
    ["a request with no token", {}],
    [
      "a page of another site",
      { origin: "https://attacker.example", "sec-fetch-site": "cross-site" },
    ],
    [
      "a DNS-rebinding page (its own Host name, same-origin to the browser)",
      {
        host: "attacker.example:4010",
        origin: "http://attacker.example:4010",
        "sec-fetch-site": "same-origin",
      },
    ],
  ])(
    "refuses %s without the admin token: 401 and the Error body, nothing changed",
    async (_case, headers) => {
      for (const [method, path] of [
        ["POST", "/__admin/reset"],
        ["GET", "/__admin/requests"],
        ["GET", "/__admin/plants"],
      ] as const) {
        const answer = await adminRequest(method, path, {
          ...headers,
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
        });
        expect({ method, path, status: answer.status, body: answer.body }).toEqual({
          method,
          path,
          ...REFUSED,
        });
      }
      await expectUnchanged();
    },
  );

  it("lets no cross-site preflight through: no Access-Control-Allow-Origin on an admin path", async () => {
    const preflight = await adminRequest("OPTIONS", "/__admin/reset", {
      origin: "https://attacker.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization, content-type",
    });
    expect(preflight.status).toBe(401);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(preflight.headers["access-control-allow-headers"]).toBeUndefined();
    await expectUnchanged();
  });
});
