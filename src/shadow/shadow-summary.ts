// The shadow proxy's summary: how many requests went to the deployment and each kind of
// finding with the first request that showed it, served at GET /__admin/shadow and printed
// when plant-store-mock stops (cli-output.ts). Bounded, so a long run cannot grow it without
// limit.
import type {
  ShadowSummary,
  ShadowSummaryItem as SummaryItem,
} from "../contract/shadow-summary.js";
import type { ShadowFindings } from "../mock/journal/journal-record.js";
import { redactTarget, type SecretTokens } from "../mock/journal/redaction.js";

type Finding = ShadowFindings["violations"][number];
type List = "violations" | "divergences" | "notCompared";

/** Distinct findings kept per list; later new ones are counted in no item. */
const MAX_ITEMS = 100;

export interface FirstRequest {
  seq: number;
  method: string;
  path: string;
  status: number;
}

/** How a forwarded request ended, as the summary counts it. */
export type ForwardOutcome = "answered" | "unreachable" | "broken";

export interface ShadowTally {
  /** One request forwarded, and how it ended. */
  forwarded(outcome: ForwardOutcome): void;
  /** What its answer showed; `tokens`: hidden now, while the request's own token is known. */
  note(findings: ShadowFindings, request: FirstRequest, tokens: SecretTokens): void;
  /** The summary, every token in `tokens` hidden. */
  summary(tokens: SecretTokens): ShadowSummary;
}

const HIDDEN = "(not shown: it would hold a token)";

export function createShadowTally(deployment: string): ShadowTally {
  const counts = { forwarded: 0, unreachable: 0, broken: 0 };
  const lists: Record<List, Map<string, SummaryItem>> = {
    violations: new Map(),
    divergences: new Map(),
    notCompared: new Map(),
  };
  const shown = (item: SummaryItem, tokens: SecretTokens): SummaryItem => ({
    ...item,
    message: tokens.holds(item.message) ? HIDDEN : item.message,
    request: { ...item.request, path: redactTarget(item.request.path, tokens) },
  });

  function add(
    list: List,
    { kind, message }: Finding,
    request: FirstRequest,
    tokens: SecretTokens,
  ) {
    const key = `${kind} ${message}`;
    const seen = lists[list].get(key);
    if (seen !== undefined) seen.count++;
    else if (lists[list].size < MAX_ITEMS) {
      lists[list].set(key, shown({ kind, message, count: 1, request: { ...request } }, tokens));
    }
  }

  return {
    forwarded(outcome) {
      counts.forwarded++;
      if (outcome !== "answered") counts[outcome]++;
    },
    note(findings, request, tokens) {
      for (const finding of findings.violations) add("violations", finding, request, tokens);
      for (const finding of findings.divergences) add("divergences", finding, request, tokens);
      if (findings.notCompared !== undefined) {
        add("notCompared", findings.notCompared, request, tokens);
      }
    },
    summary(tokens) {
      const listed = (list: List) => [...lists[list].values()].map((item) => shown(item, tokens));
      return {
        deployment,
        ...counts,
        violations: listed("violations"),
        divergences: listed("divergences"),
        notCompared: listed("notCompared"),
      };
    },
  };
}
