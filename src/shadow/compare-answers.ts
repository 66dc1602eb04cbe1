// What the shadow proxy finds in one of the deployment's answers. Violations: it breaks
// openapi.yaml (judged by the validators plant-store-verify uses, generated from it), or the
// promise `limit` makes in words. Divergences: it answers otherwise than the reference server
// does to the same request, only where the contract decides the answer from the request alone:
// never on what depends on the deployment's data or set-up (docs/fidelity.md says which, why).

import type { CoreAnswer } from "../contract/core-exchange.js";
import type { PlantStoreOperation } from "../contract/journal-entries.js";
import type { NewPlant } from "../contract/plant-types.js";
import { validateAnswer } from "../contract/response-schema.js";
import { parseLimitParam } from "../mock/http/list-query.js";
import type { ShadowFindings } from "../mock/journal/journal-record.js";

type Finding = ShadowFindings["violations"][number];

/** An answer as both sides are compared: status, headers by lower-case name, body text. */
export interface ComparedAnswer {
  status: number;
  header(name: string): string | undefined;
  /** `undefined`: the body is not compared (answer-copy.ts says why). */
  bodyText: string | undefined;
}

export interface Comparison {
  operation: PlantStoreOperation | null;
  /** The request's query ("" or "?..."). */
  search: string;
  deployment: ComparedAnswer;
  reference: ComparedAnswer;
  /** Every plant this caller created through the proxy, oldest first (the reference's store). */
  createdByCaller: readonly NewPlant[];
}

export function compareAnswers(comparison: Comparison): ShadowFindings {
  const violations: Finding[] = [];
  const divergences: Finding[] = [];
  const { operation, deployment, reference } = comparison;
  const body = deployment.bodyText === undefined ? undefined : parseJson(deployment.bodyText);

  if (operation !== null) {
    for (const breakage of validateAnswer(operation, {
      status: deployment.status,
      contentType: deployment.header("content-type") ?? null,
      bodyText: deployment.bodyText,
    })) {
      violations.push({ kind: "openapi", message: `${deployment.status}: ${breakage}` });
    }
  }
  if (deployment.status !== reference.status && decidedByRequest(operation, comparison)) {
    divergences.push({
      kind: "status",
      message: `the deployment answered ${deployment.status}, the reference server ${reference.status}`,
    });
  }
  const error = (body as { error?: unknown } | undefined)?.error;
  if (deployment.status >= 400 && typeof error === "number" && error !== deployment.status) {
    divergences.push({
      kind: "error-field",
      message: `the Error body's error is ${error}, not the status ${deployment.status}`,
    });
  }
  const mediaType = (answer: ComparedAnswer) =>
    answer.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "none";
  if (mediaType(deployment) !== mediaType(reference)) {
    divergences.push({
      kind: "content-type",
      message: `the content type is ${mediaType(deployment)}, the reference server's ${mediaType(reference)}`,
    });
  }
  if (deployment.status === 401 && reference.status === 401) {
    const theirs = deployment.header("www-authenticate");
    const ours = reference.header("www-authenticate");
    if (theirs !== ours) {
      divergences.push({
        kind: "www-authenticate",
        message: `the 401's WWW-Authenticate is ${theirs === undefined ? "missing" : JSON.stringify(theirs)}, the reference server's ${JSON.stringify(ours)}`,
      });
    }
  }
  if (deployment.status === 405 && reference.status === 405) {
    const theirs = methods(deployment.header("allow"));
    const ours = methods(reference.header("allow"));
    if (theirs !== ours) {
      divergences.push({
        kind: "allow",
        message: `the 405's Allow is ${theirs === "" ? "missing" : theirs}, the reference server's ${ours}`,
      });
    }
  }
  if (success(deployment) && success(reference) && deployment.bodyText !== undefined) {
    if (operation === "createPlant") {
      compareCreated(body, parseJson(reference.bodyText ?? ""), divergences);
    }
    if (operation === "listPlants" && Array.isArray(body)) {
      compareList(body, comparison, violations, divergences);
    }
  }
  return { violations, divergences };
}

function compareCreated(theirs: unknown, ours: unknown, divergences: Finding[]): void {
  const a = theirs as Partial<NewPlant> | undefined;
  const b = ours as Partial<NewPlant> | undefined;
  if (a?.name !== b?.name || a?.tag !== b?.tag) {
    divergences.push({
      kind: "created-plant",
      message: "the create's answer is not the plant sent (its name or tag differ)",
    });
  }
}

/**
 * `limit` caps the list (openapi.yaml says so in words: a violation when broken). The plants
 * this caller created through the proxy are all listed when the list is not cut by `limit`,
 * and in creation order: the deployment may list other plants around them, which the
 * reference server cannot know.
 */
function compareList(
  listed: readonly unknown[],
  { search, createdByCaller }: Comparison,
  violations: Finding[],
  divergences: Finding[],
): void {
  const parsed = parseLimitParam(search);
  const limit = parsed.ok ? parsed.limit : undefined;
  if (limit !== undefined && listed.length > limit) {
    violations.push({
      kind: "limit",
      message: `limit=${limit} listed ${listed.length} plants`,
    });
  }
  const same = (plant: unknown, created: NewPlant) => {
    const shown = plant as Partial<NewPlant> | null;
    return shown?.name === created.name && shown?.tag === created.tag;
  };
  const cut = limit !== undefined && listed.length >= limit;
  const missing = createdByCaller.filter(
    (created) =>
      listed.filter((plant) => same(plant, created)).length <
      createdByCaller.filter((other) => other.name === created.name && other.tag === created.tag)
        .length,
  );
  if (!cut && missing.length > 0) {
    divergences.push({
      kind: "list-missing",
      message: `${missing.length} of the ${createdByCaller.length} plants this caller created through the proxy ${missing.length === 1 ? "is" : "are"} not listed`,
    });
  }
  // In creation order: the caller's plants, as far as they are listed, appear oldest first.
  let position = -1;
  for (const created of createdByCaller) {
    const found = listed.findIndex((plant, index) => index > position && same(plant, created));
    if (found === -1) {
      if (listed.some((plant) => same(plant, created))) {
        divergences.push({
          kind: "list-order",
          message: "the plants this caller created through the proxy are not listed oldest first",
        });
        return;
      }
      continue;
    }
    position = found;
  }
}

/**
 * Whether the contract decides the status from the request alone, so two statuses that differ
 * are a divergence. Not a 409 (which ids are stored: the reference cannot know the
 * deployment's), a 413 (each server's own body limit), or a 5xx from the deployment (a failure,
 * which openapi.yaml's `default` allows any request).
 */
function decidedByRequest(
  operation: PlantStoreOperation | null,
  { deployment, reference }: Comparison,
): boolean {
  const statuses = [deployment.status, reference.status];
  if (operation === "createPlant" && statuses.includes(409)) return false;
  return !statuses.includes(413) && deployment.status < 500;
}

function methods(allow: string | undefined): string {
  if (allow === undefined) return "";
  return allow
    .split(",")
    .map((method) => method.trim().toUpperCase())
    .filter((method) => method !== "")
    .sort()
    .join(", ");
}

function success(answer: ComparedAnswer): boolean {
  return answer.status >= 200 && answer.status < 300;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The reference's answer as compared: its headers are already lower-case. */
export function fromCoreAnswer(answer: CoreAnswer): ComparedAnswer {
  return { status: answer.status, header: (name) => answer.headers[name], bodyText: answer.body };
}
