import { afterEach, describe, expect, it } from "vitest";
import { type VerifyReport, verifyPlantStore } from "../../src/verify/index.js";
import {
  brokenAnswer,
  type FakeAnswer,
  type FakeService,
  fakeStore,
  limitOf,
  type StoreFaults,
  sendJson,
  startFakeService,
  validLimit,
} from "./fake-service.js";

const TOKEN = "broken-service-token-5d1a";

let service: FakeService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function verify(
  answer: FakeAnswer,
): Promise<{ report: VerifyReport; results: Record<string, string> }> {
  service = await startFakeService(answer);
  const report = await verifyPlantStore({ baseUrl: service.url, token: TOKEN });
  const results = Object.fromEntries(report.checks.map((check) => [check.id, check.result]));
  return { report, results };
}

const detailOf = (report: VerifyReport, id: string) =>
  report.checks.find((check) => check.id === id)?.detail;

describe("verifyPlantStore against services that break openapi.yaml", () => {
  it("reports a numeric tag and a 401 without the Error body as violations", async () => {
    const { report, results } = await verify(brokenAnswer(TOKEN));

    expect(detailOf(report, "list")).toBe("GET /plants 200: body[0].tag must be string");
    expect(results.list).toBe("violation");
    for (const id of ["auth-missing", "auth-other-scheme", "auth-empty-bearer"]) {
      expect(results[id]).toBe("violation");
      expect(detailOf(report, id)).toBe(
        'GET /plants 401: content type "text/plain", openapi.yaml declares application/json',
      );
    }
    expect(results["auth-wrong-token"]).toBe("violation");
    // The limit checks that do not depend on the broken list still pass.
    expect(results["list-limit-zero"]).toBe("pass");
    expect(results["list-limit-negative"]).toBe("pass");
    expect(results["list-limit"]).toBe("skipped");
    expect(report.violations).toBe(5);
  });

  it("reports a list that ignores limit and open access as violations", async () => {
    const { report, results } = await verify((_request, response) =>
      sendJson(response, 200, [{ name: "Fern" }, { name: "Ivy" }, { name: "Moss" }]),
    );

    expect(results["list-limit"]).toBe("violation");
    expect(detailOf(report, "list-limit")).toBe(
      "GET /plants?limit=2 returned 3 plants, more than the limit",
    );
    expect(results["list-limit-zero"]).toBe("violation");
    expect(detailOf(report, "auth-missing")).toBe(
      "GET /plants was answered 200 (no Authorization header); openapi.yaml requires a bearer token",
    );
    expect(results["auth-other-scheme"]).toBe("violation");
    expect(results["auth-empty-bearer"]).toBe("violation");
    // Which tokens a deployment accepts is its own business: only a difference.
    expect(results["auth-wrong-token"]).toBe("difference");
    expect(detailOf(report, "list-limit-negative")).toBe(
      "GET /plants?limit=-1 was accepted (200); the reference server answers 400",
    );
  });

  it("reports a plant carrying id and a problem+json error as violations", async () => {
    const { report } = await verify((request, response) => {
      if (!validLimit(limitOf(request))) {
        response.writeHead(400, { "content-type": "application/problem+json" });
        response.end(JSON.stringify({ title: "Bad Request", status: 400 }));
        return;
      }
      sendJson(response, 200, [{ id: 1, name: "Fern" }]);
    });
    expect(detailOf(report, "list")).toBe(
      "GET /plants 200: body[0] must NOT have additional properties (id)",
    );
    expect(detailOf(report, "list-limit-not-a-number")).toBe(
      'GET /plants?limit=abc 400: content type "application/problem+json", openapi.yaml declares application/json',
    );
  });
});

describe("verifyPlantStore against stores that break what a create promises", () => {
  const SECOND = "broken-service-second-token-80e4";

  async function verifyWrites(faults: StoreFaults) {
    service = await startFakeService(fakeStore([TOKEN, SECOND], faults));
    const report = await verifyPlantStore({
      baseUrl: service.url,
      token: TOKEN,
      secondToken: SECOND,
      allowWrites: true,
    });
    const failed = report.checks.filter((check) => check.result !== "pass");
    return { report, failed: failed.map(({ id, result, detail }) => ({ id, result, detail })) };
  }

  it("passes every check against a store without faults (the fake itself is sound)", async () => {
    const { report, failed } = await verifyWrites({});
    expect(failed).toEqual([]);
    expect(report.passed).toBe(15);
  });

  it("reports a second token that sees the first token's plant as a violation", async () => {
    const { report, failed } = await verifyWrites({ showsEveryOwner: true });
    expect(failed).toEqual([
      {
        id: "isolation",
        result: "violation",
        detail: "GET /plants with the second token lists the first token's plant",
      },
    ]);
    expect(report.violations).toBe(1);
  });

  it("reports a create answered 201 but never stored as a violation", async () => {
    const { failed } = await verifyWrites({ forgetsCreates: true });
    expect(failed).toEqual([
      {
        id: "create-listed",
        result: "violation",
        detail:
          "GET /plants does not list the plant whose create was acknowledged: it was never stored",
      },
    ]);
  });

  it("reports a create stored twice as a violation", async () => {
    const { failed } = await verifyWrites({ storesTwice: true });
    expect(failed).toEqual([
      {
        id: "create-listed",
        result: "violation",
        detail: "GET /plants lists the created plant 2 times: one create stored several plants",
      },
    ]);
  });

  it("reports a refused create that was stored anyway as a violation", async () => {
    const { failed } = await verifyWrites({ storesRefused: true });
    expect(failed).toEqual(
      ["create-without-name", "create-empty-name"].map((id) => ({
        id,
        result: "violation",
        detail: "POST /plants answered 400 but created the plant",
      })),
    );
  });
});

describe("verifyPlantStore against a service that only departs from our decisions", () => {
  it("reports each departure as a difference and no violation", async () => {
    const { report, results } = await verify((request, response) => {
      if (request.headers.authorization !== `Bearer ${TOKEN}`) {
        sendJson(response, 401, { error: 403, message: "Forbidden." });
        return;
      }
      if (!validLimit(limitOf(request))) {
        sendJson(response, 422, { error: 422, message: "Invalid query." });
        return;
      }
      sendJson(response, 200, limitOf(request) === "0" ? [] : [{ name: "Fern" }]);
    });

    expect(report.violations).toBe(0);
    expect(results).toMatchObject({
      list: "pass",
      "list-limit": "pass",
      "list-limit-zero": "pass",
      "list-limit-negative": "difference",
      "auth-missing": "difference",
      "auth-wrong-token": "difference",
    });
    expect(detailOf(report, "list-limit-too-large")).toBe(
      "GET /plants?limit=2147483648 answered 422; the reference server answers 400; " +
        'GET /plants?limit=2147483648 422: message "Invalid query." does not name limit',
    );
    expect(detailOf(report, "auth-wrong-token")).toBe(
      "GET /plants 401: error is 403, not the status 401; " +
        'GET /plants 401: message "Forbidden." does not name the Authorization header or token; ' +
        "GET /plants 401: no WWW-Authenticate header",
    );
    expect(report.differences).toBe(7);
  });

  it("flags an answer that echoes the token, and keeps the token out of the report", async () => {
    const { report } = await verify((request, response) => {
      if (request.headers.authorization === `Bearer ${TOKEN}`) {
        sendJson(response, 200, [{ name: "Fern", tag: String(request.headers.authorization) }]);
      } else {
        sendJson(response, 401, { error: 401, message: "Authorization is missing." });
      }
    });
    expect(detailOf(report, "list")).toBe("GET /plants 200: the answer echoes the bearer token");
    expect(JSON.stringify(report)).not.toContain(TOKEN);
  });
});

describe("verifyPlantStore when the service stops answering", () => {
  it("reports a request left without an answer as a violation of its check", async () => {
    service = await startFakeService((request, response) => {
      // limit=abc is never answered; everything else is.
      if (limitOf(request) === "abc") return;
      brokenAnswer(TOKEN)(request, response);
    });
    const report = await verifyPlantStore({ baseUrl: service.url, token: TOKEN, timeout: 300 });
    expect(detailOf(report, "list-limit-not-a-number")).toBe(
      "GET /plants?limit=abc got no answer: no answer in time",
    );
    expect(report.checks.find((c) => c.id === "list-limit-not-a-number")?.requests).toEqual([
      "GET /plants?limit=abc -> no answer",
    ]);
  });
});

describe("verifyPlantStore when the run cannot be judged", () => {
  it("rejects with token-rejected when the service answers 401 to the token", async () => {
    service = await startFakeService((_request, response) =>
      sendJson(response, 401, { error: 401, message: "Authorization is not accepted." }),
    );
    await expect(verifyPlantStore({ baseUrl: service.url, token: TOKEN })).rejects.toMatchObject({
      name: "PlantStoreVerifyError",
      code: "token-rejected",
      message: "the service rejected the token (GET /plants answered 401)",
    });
  });

  it("rejects bad options before sending anything", async () => {
    service = await startFakeService((_request, response) => sendJson(response, 200, []));
    const cases = [
      { baseUrl: "not a url", token: TOKEN },
      { baseUrl: "ftp://127.0.0.1/", token: TOKEN },
      { baseUrl: `http://user:${TOKEN}@127.0.0.1/`, token: TOKEN },
      { baseUrl: service.url, token: "" },
      { baseUrl: service.url, token: TOKEN, secondToken: TOKEN },
      { baseUrl: service.url, token: TOKEN, timeout: 0 },
    ];
    for (const options of cases) {
      await expect(verifyPlantStore(options)).rejects.toMatchObject({ code: "invalid-options" });
    }
    expect(service.requests).toEqual([]);
  });
});
