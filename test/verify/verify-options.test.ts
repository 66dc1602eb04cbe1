// verifyPlantStore's options are refused before anything is sent, with a message that names
// the option (and never shows a credential the base URL carried).
import { describe, expect, it } from "vitest";
import { PlantStoreVerifyError, verifyPlantStore } from "../../src/verify/index.js";

const BASE_URL_RULE =
  "baseUrl must be an absolute http(s) URL without query, fragment or credentials; pass the token as token.";

describe("verifyPlantStore's options", () => {
  it.each([
    ["not a URL", "not a url"],
    ["another scheme", "ftp://127.0.0.1/"],
    ["credentials", "http://user:secret-token-123@127.0.0.1/"],
    ["a query", "http://127.0.0.1/?token=secret-token-123"],
    ["a fragment", "http://127.0.0.1/#x"],
  ])("refuse a baseUrl with %s by the one base-URL rule", async (_case, baseUrl) => {
    const error = await verifyPlantStore({ baseUrl, token: "t" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlantStoreVerifyError);
    expect(error).toMatchObject({ code: "invalid-options", message: BASE_URL_RULE });
    expect((error as Error).message).not.toContain("secret-token-123");
  });

  it("refuse a misspelt option, naming it and the options there are", async () => {
    const options = { baseUrl: "http://127.0.0.1:1", token: "t", allowWrite: true };
    await expect(verifyPlantStore(options as never)).rejects.toMatchObject({
      name: "PlantStoreVerifyError",
      code: "invalid-options",
      message:
        'Unknown option "allowWrite"; the options are baseUrl, token, secondToken, allowWrites, fetch, onProgress, timeout.',
    });
  });
});
