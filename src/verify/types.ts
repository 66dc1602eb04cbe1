/**
 * How one check ended:
 * - `pass`: the answers match openapi.yaml and every documented decision;
 * - `violation`: an answer breaks openapi.yaml (status, content type or body schema), or the
 *   service fails a promise of openapi.yaml itself (`limit` not capping, another token's plant
 *   shown, an acknowledged create not stored or a refused one stored);
 * - `difference`: the answers match openapi.yaml but depart from a decision of ours where the
 *   service description is silent (docs/contract.md, for example 200 instead of 201);
 * - `skipped`: not run, because it needs `allowWrites` or `secondToken`, or an earlier check
 *   it builds on did not succeed.
 */
export type VerifyResult = "pass" | "violation" | "difference" | "skipped";

/** One departure found by a check. A check can find several. */
export interface VerifyFinding {
  result: "violation" | "difference";
  message: string;
}

/** One check of a run and what it found. */
export interface VerifyCheck {
  /** Stable identifier such as `list-limit-negative`; safe to match on in CI scripts. */
  id: string;
  title: string;
  result: VerifyResult;
  /** One line: what was seen when it passed, the findings joined by `; ` otherwise. */
  detail: string;
  findings: VerifyFinding[];
  /** The requests the check sent and the status of each, e.g. `GET /plants?limit=-1 -> 400`. */
  requests: string[];
}

/** What `verifyPlantStore` resolves to: every check with its result, and the counts. */
export interface VerifyReport {
  /** The base URL checked, without any user name or password it carried. */
  baseUrl: string;
  /** `info.version` of the openapi.yaml the answers were validated against. */
  specVersion: string;
  allowWrites: boolean;
  checks: VerifyCheck[];
  /** Counts of checks (not of findings) by result. */
  passed: number;
  violations: number;
  differences: number;
  skipped: number;
}

/** Passed to `onProgress` as each check starts. */
export interface VerifyProgress {
  /** 1-based position of the check that is starting. */
  index: number;
  total: number;
  id: string;
  title: string;
}

/** Options of `verifyPlantStore`. */
export interface VerifyPlantStoreOptions {
  /** The service's base URL; may carry a path prefix such as `https://host/v1`. */
  baseUrl: string;
  /** A bearer token the service accepts. Never written into the report. */
  token: string;
  /** A second accepted token: with `allowWrites`, enables the isolation check. */
  secondToken?: string;
  /** Send creates (clearly named `plant-store-verify <time> <random>`). Default false: GET only. */
  allowWrites?: boolean;
  /** Default: `globalThis.fetch`, looked up when the run starts. */
  fetch?: typeof fetch;
  /** Called as each check starts. */
  onProgress?: (progress: VerifyProgress) => void;
  /** Milliseconds per request, default 10_000. */
  timeout?: number;
}
