import { randomBytes } from "node:crypto";
import { BASE_URL_MESSAGE, parseHttpBaseUrl } from "../contract/base-url.js";
import { specVersion } from "../contract/generated/openapi-validators.js";
import { checkOptionNames } from "../contract/option-names.js";

import { type CheckContext, type CheckDefinition, Findings } from "./checks/check.js";
import { authChecks, listChecks } from "./checks/read-checks.js";
import { writeChecks } from "./checks/write-checks.js";
import { PlantStoreVerifyError } from "./errors/PlantStoreVerifyError.js";
import { ExchangeClient } from "./exchange.js";
import type { VerifyCheck, VerifyPlantStoreOptions, VerifyReport } from "./types.js";

const DEFAULT_TIMEOUT_MS = 10_000;

/** The base URL requests are built on: no trailing slash (paths are appended to it). */
function normalizeBaseUrl(baseUrl: unknown): string {
  const url = parseHttpBaseUrl(baseUrl);
  if (url === undefined) {
    // Credentials in the URL are the usual way to get this wrong here.
    throw new PlantStoreVerifyError(
      "invalid-options",
      `${BASE_URL_MESSAGE}; pass the token as token.`,
    );
  }
  return url.base;
}

const OPTION_NAMES = {
  baseUrl: true,
  token: true,
  secondToken: true,
  allowWrites: true,
  fetch: true,
  onProgress: true,
  timeout: true,
};

function validateOptions(options: VerifyPlantStoreOptions): void {
  try {
    checkOptionNames(options, OPTION_NAMES);
  } catch (error) {
    throw new PlantStoreVerifyError("invalid-options", (error as Error).message);
  }
  if (typeof options.token !== "string" || options.token.trim() === "") {
    throw new PlantStoreVerifyError("invalid-options", "token must be a non-empty string");
  }
  if (options.secondToken !== undefined) {
    if (options.secondToken.trim() === "" || options.secondToken === options.token) {
      throw new PlantStoreVerifyError(
        "invalid-options",
        "secondToken must be a non-empty token other than token",
      );
    }
  }
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeout) || timeout <= 0) {
    throw new PlantStoreVerifyError("invalid-options", "timeout must be a positive number of ms");
  }
}

/** Replaces every secret in the text, so no token can reach a report or a log. */
function redactor(secrets: readonly string[]): (text: string) => string {
  return (text) => secrets.reduce((out, secret) => out.replaceAll(secret, "[redacted]"), text);
}

async function runCheck(
  check: CheckDefinition,
  context: CheckContext,
): Promise<Omit<VerifyCheck, "id" | "title">> {
  const skipReason = check.skipReason?.(context);
  if (skipReason !== undefined) {
    return { result: "skipped", detail: skipReason, findings: [], requests: [] };
  }
  const findings = new Findings();
  const firstRequest = context.client.log.length;
  const passDetail = await check.run(context, findings);
  const requests = context.client.log.slice(firstRequest);
  if (findings.list.length === 0) {
    return { result: "pass", detail: passDetail, findings: [], requests };
  }
  return {
    result: findings.hasViolation ? "violation" : "difference",
    detail: findings.list.map((finding) => finding.message).join("; "),
    findings: findings.list,
    requests,
  };
}

/**
 * Checks a live Plant Store deployment against openapi.yaml and our documented decisions.
 * Sends GET requests only, unless `allowWrites` is set. Rejects with PlantStoreVerifyError
 * when the run cannot be judged (bad options, unreachable, token rejected); everything the
 * answers get wrong is in the report instead.
 */
export async function verifyPlantStore(options: VerifyPlantStoreOptions): Promise<VerifyReport> {
  validateOptions(options);
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const secrets = [options.token, options.secondToken].filter((s): s is string => !!s);
  const redact = redactor(secrets);
  const client = new ExchangeClient({
    baseUrl,
    token: options.token,
    fetch: options.fetch ?? globalThis.fetch,
    timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
    secrets,
  });
  const context: CheckContext = {
    client,
    allowWrites: options.allowWrites === true,
    secondToken: options.secondToken,
    marker: `plant-store-verify ${new Date().toISOString()} ${randomBytes(4).toString("hex")}`,
  };

  const definitions = [...listChecks, ...authChecks(), ...writeChecks];
  const checks: VerifyCheck[] = [];
  for (const [index, check] of definitions.entries()) {
    options.onProgress?.({ index: index + 1, total: definitions.length, ...pick(check) });
    const outcome = await runCheck(check, context);
    checks.push({
      ...pick(check),
      ...outcome,
      detail: redact(outcome.detail),
      findings: outcome.findings.map((f) => ({ ...f, message: redact(f.message) })),
      requests: outcome.requests.map(redact),
    });
  }
  const count = (result: VerifyCheck["result"]) => checks.filter((c) => c.result === result).length;
  return {
    baseUrl,
    specVersion,
    allowWrites: context.allowWrites,
    checks,
    passed: count("pass"),
    violations: count("violation"),
    differences: count("difference"),
    skipped: count("skipped"),
  };
}

const pick = (check: CheckDefinition) => ({ id: check.id, title: check.title });
