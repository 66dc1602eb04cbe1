import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Where each test file leaves its counts for scripts/conformance.js to add up. */
export const ledgerDirectory = fileURLToPath(
  new URL("../../../.tmp/conformance/", import.meta.url),
);

/**
 * Counts what a test file sent and what the checks found. `planted` marks the negative
 * control, whose violations are deliberate and reported apart from the real ones.
 */
export class ConformanceLedger {
  requests = 0;
  viaPrism = 0;
  direct = 0;
  readonly violations: string[] = [];
  private unreported: string[] = [];

  constructor(
    readonly name: string,
    readonly planted = false,
  ) {}

  recordViolation(description: string): void {
    this.violations.push(description);
    this.unreported.push(description);
  }

  /** The violations found since the last call; tests assert this is empty after each case. */
  takeViolations(): string[] {
    const found = this.unreported;
    this.unreported = [];
    return found;
  }

  write(): void {
    mkdirSync(ledgerDirectory, { recursive: true });
    const counts = {
      name: this.name,
      planted: this.planted,
      requests: this.requests,
      viaPrism: this.viaPrism,
      direct: this.direct,
      violations: this.violations.length,
    };
    writeFileSync(`${ledgerDirectory}${this.name}.json`, `${JSON.stringify(counts)}\n`);
  }
}
