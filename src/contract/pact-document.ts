// A consumer contract as the package writes it (Pact Specification V4), and the rule for the
// names of its two parties, checked once wherever they enter: `toPact()` in process, GET
// /__admin/pact, the admin client and the Vitest reporter, which names its file after them.
import type { components } from "./generated/openapi-admin.js";
import { checkOptionNames } from "./option-names.js";

/** A Pact Specification V4 contract between a consumer and the Plant Store API. */
export type PlantStorePact = components["schemas"]["Pact"];

/** One interaction of a pact: a request shape and the answer the provider must give. */
export type PactInteraction = components["schemas"]["PactInteraction"];

/** The two parties of a pact, as the Pact Broker and the pact file's name show them. */
export interface PactOptions {
  /** The app whose requests the pact holds, such as "plant-web". */
  consumer: string;
  /** The service that must answer them, such as "plant-store". */
  provider: string;
}

const PACT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const PACT_NAME_RULE =
  'a name of letters, digits, ".", "_" and "-" (at most 100, starting with a letter or digit), as the file pacts/<consumer>-<provider>.json uses it';

/** `verb` starts each message, such as "toPact: "; the message names the field. */
export function checkPactOptions(options: unknown, verb: string): PactOptions {
  checkOptionNames(options, { consumer: true, provider: true }, verb);
  const { consumer, provider } = options as Record<string, unknown>;
  return {
    consumer: checkPactName(consumer, "consumer", verb),
    provider: checkPactName(provider, "provider", verb),
  };
}

/** One party's name; `verb` as in checkPactOptions. */
export function checkPactName(value: unknown, field: string, verb: string): string {
  if (typeof value === "string" && PACT_NAME.test(value)) return value;
  throw new TypeError(`${verb}${field} must be ${PACT_NAME_RULE}.`);
}

/** The pact of `interactions` between the two (checked) parties: Pact Specification V4. */
export function toPactDocument(
  interactions: readonly PactInteraction[],
  { consumer, provider }: PactOptions,
): PlantStorePact {
  return {
    consumer: { name: consumer },
    provider: { name: provider },
    interactions: [...interactions],
    metadata: { pactSpecification: { version: "4.0" } },
  };
}
