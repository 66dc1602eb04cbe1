// The shadow proxy (`plant-store-mock --shadow <base-url>`): every API request goes to the
// deployment and its answer back to the app unchanged, while the same request runs through a
// reference core of our own, so each real answer is checked against openapi.yaml (violations)
// and against the reference server (divergences), both filed with the request in the journal.
// The core calls it as its forwarding step (plant-store-core.ts); the proxy authenticates
// nothing: the deployment decides, and the reference core accepts any well-formed token.
import { randomUUID } from "node:crypto";
import { BASE_URL_MESSAGE, parseHttpBaseUrl } from "../contract/base-url.js";
import type {
  BodyResult,
  CoreAnswer,
  CoreRequest,
  HeaderRecord,
} from "../contract/core-exchange.js";
import type { PlantStoreOperation } from "../contract/journal-entries.js";
import { checkOptionNames } from "../contract/option-names.js";
import { errorAnswer, noAnswer } from "../mock/http/json-answers.js";
import { createSecretTokens, type SecretTokens } from "../mock/journal/redaction.js";
import type { PlantStoreCoreConfig } from "../mock/mock-options.js";
import {
  createPlantStoreCore,
  type ForwardedAnswer,
  type ForwardingStep,
} from "../mock/plant-store-core.js";
import { createPlantStore } from "../mock/store/store.js";
import { compareAnswers, fromCoreAnswer } from "./compare-answers.js";
import { createDeploymentClient, type DeploymentAnswer } from "./deployment-client.js";
import { createShadowTally, type ShadowSummary } from "./shadow-summary.js";

/** `startPlantStoreServer({ shadow })`: the deployment every API request is forwarded to. */
export interface PlantStoreShadowOptions {
  /** The deployment's base URL, such as "https://plants.example.com/v1". */
  baseUrl: string;
}

/** `shadow`, checked where it enters: the deployment's base URL, without a trailing slash. */
export function checkShadowOption(value: unknown): URL {
  checkOptionNames(value, { baseUrl: true }, "shadow: ");
  return checkDeploymentUrl((value as Record<string, unknown>).baseUrl, "shadow.baseUrl");
}

/** The deployment's base URL by the rule of every base URL; `name` as the option or flag is spelt. */
export function checkDeploymentUrl(value: unknown, name: string): URL {
  const parsed = parseHttpBaseUrl(value);
  if (parsed === undefined) {
    throw new TypeError(`${name}${BASE_URL_MESSAGE.slice("baseUrl".length)}.`);
  }
  return new URL(`${parsed.origin}${parsed.path.replace(/\/+$/, "")}`);
}

export interface ShadowProxy extends ForwardingStep {
  summary(): ShadowSummary;
  /** Ends every forwarded request in flight (no answer) and closes the sockets to the deployment. */
  close(): void;
}

// Hop-by-hop and framing headers are the proxy's own; CORS headers are the proxy's (the
// browser talks to it); a cookie is not part of this API and could not be kept as one value.
const NOT_PASSED =
  /^(connection|keep-alive|transfer-encoding|content-length|content-encoding|te|trailer|upgrade|proxy-.*|set-cookie|access-control-.*)$/;

/**
 * `base`: the deployment (checkShadowOption); `config`: the server's checked core options, of
 * which the reference takes the ones that shape an answer (base path, create status, body
 * limit, CORS); `corsHeaders`: the headers the proxy adds to every answer.
 */
export function createShadowProxy(
  base: URL,
  config: PlantStoreCoreConfig,
  corsHeaders: HeaderRecord,
): ShadowProxy {
  const client = createDeploymentClient(base);
  const deployment = `${base.origin}${base.pathname === "/" ? "" : base.pathname}`;
  const tally = createShadowTally(deployment);
  const store = createPlantStore({ seed: [] });
  const referenceConfig: PlantStoreCoreConfig = {
    ...config,
    store,
    seed: [],
    tokens: undefined,
    admin: undefined,
    landingPage: undefined,
    commit: undefined,
  };
  // Accepts any well-formed token: a 401 the deployment gives one is its own decision.
  const reference = createPlantStoreCore(referenceConfig);
  // Accepts none: what the contract's 401 looks like, to compare the deployment's 401 with.
  const refusing = createPlantStoreCore({ ...referenceConfig, tokens: [randomUUID()] });
  const jsonHeaders = { "content-type": "application/json", ...corsHeaders };
  let forwardedTokens = new Set<string>();
  let secrets: SecretTokens = createSecretTokens();

  function remember(token: string): void {
    if (forwardedTokens.has(token)) return;
    forwardedTokens = new Set([...forwardedTokens, token]);
    secrets = createSecretTokens(forwardedTokens);
  }

  async function forward(request: CoreRequest, seq: number): Promise<ForwardedAnswer> {
    const token = bearerOf(request.header("authorization"));
    if (token !== undefined) remember(token);
    const withBody = request.method !== "GET" && request.method !== "HEAD";
    const body: BodyResult = withBody
      ? await request.readBody(config.maxBodyBytes)
      : { ok: true, text: "" };
    if (!body.ok) {
      // Too large or not UTF-8: answered here as the reference server would, not forwarded.
      if (body.reason === "client-gone") return { answer: noAnswer(jsonHeaders), token };
      return { answer: await reference.handle(replay(request, body)), token };
    }
    const bodyText = withBody ? body.text : undefined;
    const gone = new AbortController();
    const stopListening = request.onClientGone(() => gone.abort());
    const result = await client
      .send(
        {
          method: request.method,
          target: `${pathUnderBase(request.path, config.basePath)}${request.search}`,
          headers: forwardedHeaders(request),
          body: bodyText,
        },
        gone.signal,
      )
      .finally(stopListening);
    if (!result.ok) {
      if (result.ended) return { answer: noAnswer(jsonHeaders), token, bodyText };
      tally.forwarded(false);
      const message = `The deployment at ${base.origin} did not answer (${result.reason}); the request was not retried.`;
      return { answer: errorAnswer(502, message, jsonHeaders), token, bodyText };
    }
    tally.forwarded(true);
    const answer = toCoreAnswer(result.answer, corsHeaders);
    const findings = await check(request, body, result.answer, token);
    tally.note(findings, {
      seq,
      method: request.method,
      path: request.path,
      status: answer.status,
    });
    return { answer, token, bodyText, findings };
  }

  /** The reference's answer to the same request, and what comparing the two finds. */
  async function check(
    request: CoreRequest,
    body: BodyResult,
    theirs: DeploymentAnswer,
    token: string | undefined,
  ) {
    const operation = referenceOperation(request);
    let ours = await reference.handle(replay(request, body));
    const created = operation === "createPlant" && ours.status < 300 && ours.status >= 200;
    if (created && !(theirs.status >= 200 && theirs.status < 300) && token !== undefined) {
      // The deployment did not store it: neither may the reference, or its lists would expect it.
      forgetNewest(token);
    }
    if (theirs.status === 401 && ours.status !== 401) {
      ours = await refusing.handle(replay(request, body));
    }
    return compareAnswers({
      operation,
      search: request.search,
      deployment: {
        status: theirs.status,
        header: (name) => joined(theirs.headers[name]),
        bodyText: theirs.bodyText,
      },
      reference: fromCoreAnswer(ours),
      createdByCaller: token === undefined ? [] : store.list(token),
    });
  }

  function referenceOperation(request: CoreRequest): PlantStoreOperation | null {
    if (request.path !== `${config.basePath}/plants`) return null;
    return request.method === "GET"
      ? "listPlants"
      : request.method === "POST"
        ? "createPlant"
        : null;
  }

  function forgetNewest(owner: string): void {
    const entries = store.entries();
    const newest = entries.map((entry) => entry.owner).lastIndexOf(owner);
    if (newest !== -1) store.load(entries.filter((_, index) => index !== newest));
  }

  return {
    forward,
    summary: () => tally.summary(secrets),
    tokens: () => secrets,
    close() {
      client.close();
      reference.shutdown();
      refusing.shutdown();
    },
  };
}

/** The bearer token of an Authorization header, if it carries one. */
function bearerOf(header: string | null): string | undefined {
  const match = header === null ? null : /^bearer[ \t]+(.+?)[ \t]*$/i.exec(header);
  return match?.[1];
}

function pathUnderBase(path: string, basePath: string): string {
  return basePath !== "" && (path === basePath || path.startsWith(`${basePath}/`))
    ? path.slice(basePath.length) || "/"
    : path;
}

function forwardedHeaders(request: CoreRequest): Record<string, string> {
  const headers: Record<string, string> = {
    "user-agent": "plant-store-mock (shadow proxy)",
    // The answer is passed on as text: a compressed one would have to be decoded first.
    "accept-encoding": "identity",
  };
  for (const name of ["authorization", "content-type", "accept"]) {
    const value = request.header(name);
    if (value !== null) headers[name] = value;
  }
  return headers;
}

/** The same request for a reference core, its body already read. */
function replay(request: CoreRequest, body: BodyResult): CoreRequest {
  return {
    method: request.method,
    path: request.path,
    search: request.search,
    host: request.host,
    header: (name) => request.header(name),
    readBody: async () => body,
    clientGone: () => false,
    onClientGone: () => () => {},
  };
}

function toCoreAnswer(answer: DeploymentAnswer, corsHeaders: HeaderRecord): CoreAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    const text = joined(value);
    if (text !== undefined && !NOT_PASSED.test(name)) headers[name] = text;
  }
  return { status: answer.status, headers: { ...headers, ...corsHeaders }, body: answer.bodyText };
}

function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}
