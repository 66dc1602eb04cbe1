import type { VerifyFinding } from "./types.js";

/** Collects what one check found, so the check's result follows from it. */
export class Findings {
  readonly list: VerifyFinding[] = [];

  violation(message: string): void {
    this.list.push({ result: "violation", message });
  }

  difference(message: string): void {
    this.list.push({ result: "difference", message });
  }

  get hasViolation(): boolean {
    return this.list.some((finding) => finding.result === "violation");
  }
}
