// One request of a check and its answer, judged against openapi.yaml (the status, the content
// type and the body's schema, by the validators generated from it) as it is recorded.
import type { PlantStoreOperation } from "../contract/journal-entries.js";
import { validateAnswer } from "../contract/response-schema.js";
import { PlantStoreVerifyError } from "./errors/PlantStoreVerifyError.js";

/** Where an exchange records what breaks openapi.yaml or our decisions: a check's Findings. */
interface Findings {
  violation(message: string): void;
  difference(message: string): void;
}

interface RequestSpec {
  operation: PlantStoreOperation;
  /** Raw query string without `?`, sent as written (so `limit=abc` reaches the service). */
  query?: string;
  /** The whole Authorization header value; `null` sends none. Default: `Bearer <token>`. */
  authorization?: string | null;
  /** A JSON body for createPlant. */
  body?: unknown;
}

/** One request and its answer, with the body parsed when it is JSON. */
export interface Exchange {
  label: string;
  status: number;
  headers: Headers;
  bodyText: string;
  body: unknown;
  /** True when the answer matches openapi.yaml (any breakage is already in the findings). */
  conforms: boolean;
}

interface ExchangeSettings {
  baseUrl: string;
  token: string;
  fetch: typeof fetch;
  timeout: number;
  /** Every value that must never show up in an answer (the tokens). */
  secrets: readonly string[];
}

const METHODS: Record<PlantStoreOperation, string> = { listPlants: "GET", createPlant: "POST" };

function failureReason(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "no answer in time";
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends the requests of the checks. The first request that gets no answer at all means the
 * service is unreachable (thrown); once it has answered, a request without an answer is a
 * violation of that check, because openapi.yaml promises an answer to every request.
 */
export class ExchangeClient {
  readonly log: string[] = [];
  private answered = false;

  constructor(private readonly settings: ExchangeSettings) {}

  async send(findings: Findings, spec: RequestSpec): Promise<Exchange | undefined> {
    const method = METHODS[spec.operation];
    const path = `/plants${spec.query === undefined ? "" : `?${spec.query}`}`;
    const label = `${method} ${path}`;
    // A distinct User-Agent lets the deployment's operators find these requests in their logs.
    const headers = new Headers({
      accept: "application/json",
      "user-agent": "plant-store-verify",
    });
    const authorization =
      spec.authorization === undefined ? `Bearer ${this.settings.token}` : spec.authorization;
    if (authorization !== null) headers.set("authorization", authorization);
    if (spec.body !== undefined) headers.set("content-type", "application/json");

    let response: Response;
    let bodyText: string;
    try {
      response = await this.settings.fetch(`${this.settings.baseUrl}${path}`, {
        method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal: AbortSignal.timeout(this.settings.timeout),
      });
      bodyText = await response.text();
    } catch (error) {
      const reason = failureReason(error);
      if (!this.answered) {
        throw new PlantStoreVerifyError(
          "unreachable",
          `cannot reach ${this.settings.baseUrl}: ${reason}`,
        );
      }
      this.log.push(`${label} -> no answer`);
      findings.violation(`${label} got no answer: ${reason}`);
      return undefined;
    }
    this.answered = true;
    this.log.push(`${label} -> ${response.status}`);
    return this.record(findings, spec.operation, label, response, bodyText);
  }

  private record(
    findings: Findings,
    operation: PlantStoreOperation,
    label: string,
    response: Response,
    bodyText: string,
  ): Exchange {
    const breakages = validateAnswer(operation, {
      status: response.status,
      contentType: response.headers.get("content-type"),
      bodyText,
    });
    for (const breakage of breakages)
      findings.violation(`${label} ${response.status}: ${breakage}`);

    const headerText = [...response.headers.values()].join("\n");
    if (this.settings.secrets.some((s) => bodyText.includes(s) || headerText.includes(s))) {
      findings.difference(`${label} ${response.status}: the answer echoes the bearer token`);
    }
    let body: unknown;
    try {
      body = JSON.parse(bodyText);
    } catch {
      body = undefined;
    }
    return {
      label,
      status: response.status,
      headers: response.headers,
      bodyText,
      body,
      conforms: breakages.length === 0,
    };
  }
}
