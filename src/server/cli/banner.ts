import { DEMO_TOKEN } from "../server-options.js";
import type { AdminTokenSource } from "./admin-flags.js";

export type TokenSource = "--token" | "PLANT_STORE_TOKENS" | "demo";

/**
 * The start banner: the URL alone on the first line (scripts read it when --port is 0),
 * then the tokens, then a curl line to paste. Tokens the user chose are not printed: the
 * banner often ends up in CI logs. The demo token is public, so it is shown.
 */
export function bannerLines(options: {
  url: string;
  tokens: readonly string[];
  source: TokenSource;
  dataFile?: string;
  /** Present when the admin endpoints are on; `tokenSource` undefined when they are open. */
  admin?: { tokenSource: AdminTokenSource | undefined };
}): string[] {
  const { url, tokens, source } = options;
  const lines = [url];
  if (source === "demo") {
    lines.push(
      `Token: ${DEMO_TOKEN} (the public demo token; choose your own with --token or PLANT_STORE_TOKENS)`,
      `curl -H "Authorization: Bearer ${DEMO_TOKEN}" ${url}/plants`,
    );
  } else {
    const count = tokens.length === 1 ? "1 token" : `${tokens.length} tokens`;
    lines.push(
      `Tokens: ${count} from ${source} (not printed, to keep them out of logs; set TOKEN to one for the curl line)`,
      `curl -H "Authorization: Bearer $TOKEN" ${url}/plants`,
    );
  }
  const origin = new URL(url).origin;
  lines.push(`Landing page: open ${origin}/ in a browser`);
  if (options.admin !== undefined) {
    const access =
      options.admin.tokenSource === undefined
        ? "open, this machine only"
        : `admin token from ${options.admin.tokenSource}, not printed`;
    lines.push(`Admin endpoints: ${origin}/__admin/ (${access})`);
  }
  if (options.dataFile !== undefined) lines.push(`Data file: ${options.dataFile}`);
  lines.push("Press Ctrl+C to stop.");
  return lines;
}
