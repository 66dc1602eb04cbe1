import { describe, expect, it } from "vitest";
import { parseCliArguments } from "../../src/verify/cli/cli-arguments.js";

const URL = "https://plants.example.com/v1";

describe("parseCliArguments", () => {
  it("takes the tokens from the environment when no flag gives them", () => {
    expect(
      parseCliArguments(["--base-url", URL, "--allow-writes"], {
        PLANT_STORE_TOKEN: "env-a",
        PLANT_STORE_SECOND_TOKEN: "env-b",
      }),
    ).toEqual({
      kind: "verify",
      json: false,
      options: { baseUrl: URL, token: "env-a", secondToken: "env-b", allowWrites: true },
    });
  });

  it("prefers the flags to the environment", () => {
    const command = parseCliArguments(
      ["--base-url", URL, "--token", "flag-a", "--second-token", "flag-b", "--json"],
      { PLANT_STORE_TOKEN: "env-a", PLANT_STORE_SECOND_TOKEN: "env-b" },
    );
    expect(command).toMatchObject({
      kind: "verify",
      json: true,
      options: { token: "flag-a", secondToken: "flag-b", allowWrites: false },
    });
  });

  it("reads --timeout as milliseconds", () => {
    const command = parseCliArguments(["--base-url", URL, "--timeout", "2500"], {
      PLANT_STORE_TOKEN: "t",
    });
    expect(command).toMatchObject({ options: { timeout: 2500 } });
  });

  it.each([
    [[], {}, "--base-url is required"],
    [["--base-url", URL], {}, "a token is required: --token or PLANT_STORE_TOKEN"],
    [
      ["--base-url", URL],
      { PLANT_STORE_TOKEN: "" },
      "a token is required: --token or PLANT_STORE_TOKEN",
    ],
    [
      ["--base-url", URL, "--timeout", "1.5"],
      { PLANT_STORE_TOKEN: "t" },
      "--timeout must be a positive whole number of ms",
    ],
    [
      ["--base-url", URL, "--timeout", "0"],
      { PLANT_STORE_TOKEN: "t" },
      "--timeout must be a positive whole number of ms",
    ],
    [
      ["--base-url", URL, "pasted-token-value"],
      { PLANT_STORE_TOKEN: "t" },
      "unexpected argument: only --flags are accepted",
    ],
    [["--base-url"], {}, expect.stringMatching(/^Option '--base-url <value>' argument missing/)],
    [["--base-ulr", URL], {}, "Unknown option '--base-ulr'; did you mean --base-url?"],
    [["--tokn=pasted-secret"], {}, "Unknown option '--tokn'; did you mean --token?"],
  ])("rejects %j", (argv, env, message) => {
    expect(parseCliArguments(argv, env)).toEqual({ kind: "usage-error", message });
  });

  it("answers --help and --version before checking anything else", () => {
    expect(parseCliArguments(["--help"], {})).toEqual({ kind: "help" });
    expect(parseCliArguments(["-h"], {})).toEqual({ kind: "help" });
    expect(parseCliArguments(["--version"], {})).toEqual({ kind: "version" });
  });
});
