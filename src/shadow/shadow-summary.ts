// The shadow proxy's summary: how many requests went to the deployment and each kind of
// finding with the first request that showed it, served at GET /__admin/shadow and printed
// when plant-store-mock stops. Bounded, so a long run cannot grow it without limit.
import type { components } from "../contract/generated/openapi-admin.js";
import type { ShadowFindings } from "../mock/journal/journal-record.js";
import { redactTarget, type SecretTokens } from "../mock/journal/redaction.js";

/**
 * What the shadow proxy found (GET /__admin/shadow, `server.shadowSummary()`): how many API
 * requests it forwarded, how many the deployment never answered, and each kind of violation and
 * divergence with how often it was seen and the first request that showed it.
 */
export type ShadowSummary = components["schemas"]["ShadowSummary"];
type SummaryItem = components["schemas"]["ShadowSummaryItem"];

/** Distinct findings kept per list; later new ones are counted in no item. */
const MAX_ITEMS = 100;

export interface FirstRequest {
  seq: number;
  method: string;
  path: string;
  status: number;
}

export interface ShadowTally {
  forwarded(answered: boolean): void;
  note(findings: ShadowFindings, request: FirstRequest): void;
  /** The summary, every token in `tokens` hidden. */
  summary(tokens: SecretTokens): ShadowSummary;
}

export function createShadowTally(deployment: string): ShadowTally {
  let forwarded = 0;
  let unreachable = 0;
  const lists = {
    violations: new Map<string, SummaryItem>(),
    divergences: new Map<string, SummaryItem>(),
  };

  return {
    forwarded(answered) {
      forwarded++;
      if (!answered) unreachable++;
    },
    note(findings, request) {
      for (const list of ["violations", "divergences"] as const) {
        for (const { kind, message } of findings[list]) {
          const key = `${kind} ${message}`;
          const seen = lists[list].get(key);
          if (seen !== undefined) seen.count++;
          else if (lists[list].size < MAX_ITEMS) {
            lists[list].set(key, { kind, message, count: 1, request: { ...request } });
          }
        }
      }
    },
    summary(tokens) {
      const shown = (item: SummaryItem): SummaryItem => ({
        ...item,
        message: tokens.holds(item.message) ? "(not shown: it would hold a token)" : item.message,
        request: { ...item.request, path: redactTarget(item.request.path, tokens) },
      });
      return {
        deployment,
        forwarded,
        unreachable,
        violations: [...lists.violations.values()].map(shown),
        divergences: [...lists.divergences.values()].map(shown),
      };
    },
  };
}

/** The summary as plant-store-mock prints it when it stops. */
export function formatShadowSummary(summary: ShadowSummary): string[] {
  const { forwarded, unreachable, violations, divergences } = summary;
  const lines = [
    `Shadow of ${summary.deployment}: ${plural(forwarded, "request")} forwarded (${unreachable} unanswered); ${plural(violations.length, "kind")} of violation, ${plural(divergences.length, "kind")} of divergence`,
  ];
  for (const [label, items] of [
    ["violation", violations],
    ["divergence", divergences],
  ] as const) {
    for (const { kind, message, count, request } of items) {
      lines.push(
        `  ${label} ${kind}: ${message} (${count}x, first #${request.seq} ${request.method} ${request.path} ${request.status})`,
      );
    }
  }
  return lines;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
