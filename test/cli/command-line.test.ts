// What both command-line tools share (src/cli): reading flags with a "did you mean", the
// package's version, and an error printed as one line.
import { describe, expect, it } from "vitest";
import { oneLine, parseFlags, readPackageVersion } from "../../src/command-line/command-line.js";

const FLAGS = {
  port: { type: "string" },
  token: { type: "string", multiple: true },
  quiet: { type: "boolean" },
} as const;

function refusal(args: string[]): { name: string; message: string } {
  try {
    parseFlags(args, FLAGS);
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }
  throw new Error("parseFlags took it");
}

describe("parseFlags", () => {
  it("reads the flags, and a negative number as a flag's value", () => {
    expect(parseFlags(["--port", "-1", "--quiet", "--token", "a", "--token=b"], FLAGS)).toEqual({
      port: "-1",
      quiet: true,
      token: ["a", "b"],
    });
  });

  it("suggests the flag a slip was meant to be, and never quotes a value", () => {
    expect(refusal(["--prot", "4010"])).toEqual({
      name: "TypeError",
      message: "Unknown option '--prot'; did you mean --port?",
    });
    expect(refusal(["--qiuet"]).message).toBe("Unknown option '--qiuet'; did you mean --quiet?");
    expect(refusal(["--verbose=secret-value"]).message).not.toContain("secret-value");
  });

  it("makes no guess for a flag far from every known one", () => {
    expect(refusal(["--completely-else"]).message).toBe("Unknown option '--completely-else'");
  });

  it("takes no positional arguments", () => {
    expect(refusal(["serve"]).name).toBe("TypeError");
  });
});

describe("oneLine", () => {
  it("shows control and invisible characters escaped, so an error stays one line", () => {
    expect(oneLine("a\nb\rc\td\u0000e\ufeff\u2028")).toBe("a\\nb\\rc\\td\\u0000e\\ufeff\\u2028");
    expect(oneLine("plain text")).toBe("plain text");
  });
});

describe("readPackageVersion", () => {
  it("is the version in the package's package.json", async () => {
    const { version } = (await import("../../package.json", { with: { type: "json" } })).default;
    expect(readPackageVersion()).toBe(version);
  });
});
