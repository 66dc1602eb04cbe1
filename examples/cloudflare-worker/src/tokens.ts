// The accepted bearer tokens come from the PLANT_STORE_TOKENS secret. Without it the demo
// refuses to serve rather than accept any token: a shared demo never runs open by accident.

export function tokensFrom(secret: string | undefined): string[] {
  const tokens = (secret ?? "")
    .split(",")
    .map((token) => token.trim())
    .filter((token) => token !== "");
  if (tokens.length === 0) {
    throw new TypeError(
      "The PLANT_STORE_TOKENS secret is not set; run `npx wrangler secret put PLANT_STORE_TOKENS`.",
    );
  }
  return tokens;
}
