import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckedFetch } from "./harness/checked-fetch.js";
import { ConformanceLedger } from "./harness/conformance-ledger.js";
import { type PrismProcess, startPrismProxy } from "./harness/prism-process.js";
import { createSpecValidator } from "./harness/spec-validator.js";

// The checks are only worth something if they can fail: a deliberately wrong upstream sits
// behind the same Prism proxy and checked fetch the real server is tested with.
interface PlantedAnswer {
  status: number;
  body: unknown;
}

const auth = { authorization: "Bearer control-token" };
const ledger = new ConformanceLedger("negative-control", true);
let plantedAnswer: PlantedAnswer = { status: 200, body: [] };
let upstream: Server;
let prism: PrismProcess | undefined;
let checkedFetch: typeof fetch;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    request.resume().on("end", () => {
      response.writeHead(plantedAnswer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(plantedAnswer.body));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  prism = await startPrismProxy(upstreamUrl);
  checkedFetch = createCheckedFetch({
    proxyUrl: prism.url,
    serverUrl: upstreamUrl,
    validator: createSpecValidator(),
    ledger,
  });
}, 30_000);

afterAll(async () => {
  await prism?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  ledger.write();
});

async function send(answer: PlantedAnswer, path: string, init: RequestInit = {}) {
  plantedAnswer = answer;
  return checkedFetch(`${prism?.url}${path}`, init);
}

describe("negative control: the harness flags a wrong upstream", () => {
  it("lets a correct answer through untouched", async () => {
    const response = await send(
      { status: 200, body: [{ name: "Fern", tag: "shade" }] },
      "/plants",
      {
        headers: auth,
      },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ name: "Fern", tag: "shade" }]);
  });

  it("flags a list item whose tag is a number", async () => {
    const answer = { status: 200, body: [{ name: "Fern", tag: 7 }] };
    await expect(send(answer, "/plants", { headers: auth })).rejects.toThrow(
      /sl-violations .*"location":\["response","body","0","tag"\].*must be string/,
    );
  });

  it("flags an id in a list item", async () => {
    const answer = { status: 200, body: [{ name: "Fern", id: 3 }] };
    await expect(send(answer, "/plants", { headers: auth })).rejects.toThrow(
      /sl-violations .*additionalProperties.*found 'id'/,
    );
  });

  it("flags a status the operation does not declare", async () => {
    // 202 is not a create status; under `default` the plant body is not an Error body.
    const answer = { status: 202, body: { name: "Fern" } };
    const init = { method: "POST", headers: { ...auth, "content-type": "application/json" } };
    await expect(send(answer, "/plants", { ...init, body: '{"name":"Fern"}' })).rejects.toThrow(
      /POST \/plants -> 500: sl-violations .*Prism answered itself: .*#VIOLATIONS/,
    );
  });

  it("flags a wrong Error body on a request answered directly (no token)", async () => {
    const answer = { status: 401, body: { error: "401" } };
    await expect(send(answer, "/plants")).rejects.toThrow(
      /GET \/plants -> 401: response body must have required property 'message'; response body\/error must be integer/,
    );
  });

  it("counted every planted fault as a violation", () => {
    expect(ledger.violations).toHaveLength(4);
    expect(ledger.requests).toBe(5);
  });
});
