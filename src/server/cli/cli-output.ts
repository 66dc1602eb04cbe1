// What plant-store-mock prints besides its log: the help text, the start banner and, for a
// shadow proxy, its summary when it stops.

import { plural } from "../../command-line/command-line.js";
import type { ShadowSummary } from "../../contract/shadow-summary.js";
import { DEFAULT_FSYNC } from "../persistence/data-log.js";
import { DEFAULT_PORT, DEFAULT_TIMEOUTS, DEMO_TOKEN } from "../server-options.js";
import type { AdminTokenSource, TokenSource } from "./cli-args.js";

export const HELP_TEXT = `Usage: plant-store-mock [options]

Runs the reference Plant Store API (GET/POST /plants) on this machine, seeded with demo plants.

Options:
  --port <n>                 port to listen on (default ${DEFAULT_PORT}; 0 = any free port)
  --host <address>           interface to listen on (default 127.0.0.1)
  --token <token>            accepted bearer token; repeat for several
                             (default: $PLANT_STORE_TOKENS, comma-separated, else the demo token)
  --seed <file.json>         public plants to start with: [{ "name", "tag"?, "id"? }, ...]
  --generate <n>             start with n generated public plants (real common names, fitting
                             tags) in place of the demo plants, after a --seed file's; with
                             --data, only when the file is new
  --generate-seed <n>        the same seed, the same generated plants (default 0)
  --data <file>              keep the store in this file across restarts: each create is
                             in the file before it is answered; one server per file
                             (see docs/persistence.md)
  --fsync <always|ms|never>  flush the data file to disk before each answer, every <ms>,
                             or never (default ${DEFAULT_FSYNC}: a power loss costs at most ~1 s)
  --create-status <200|201>  status of a successful create (default 201)
  --cors-origin <origin>     Access-Control-Allow-Origin (default *)
  --base-path <path>         serve under a path prefix such as /v1 (default none)
  --max-body-bytes <n>       largest request body, larger gets 413 (default 1048576)
  --request-timeout <ms>     time to receive a whole request, else 408 (default ${DEFAULT_TIMEOUTS.requestTimeout}; 0 = none)
  --keep-alive-timeout <ms>  idle keep-alive connections close after this (default ${DEFAULT_TIMEOUTS.keepAliveTimeout})
  --max-sandboxes <n>        most sandboxes open at once, more are refused (default 1000)
  --sandbox-idle-ms <ms>     a sandbox unused this long closes itself (default 1800000)
  --admin                    admin endpoints under /__admin/ (reset, scenarios, journal,
                             coverage, store contents, sandboxes); open, so only on a
                             loopback host without a token
  --admin-token <token>      require this bearer token on the admin endpoints (turns them on;
                             default: $PLANT_STORE_ADMIN_TOKEN when --admin is given)
  --shadow <base-url>        a shadow proxy of a deployment: every API request goes there
                             with its own Authorization and gets its answer; each answer is
                             checked against openapi.yaml and the reference server, and a
                             summary is printed at exit (see docs/fidelity.md)
  --quiet                    no log line per request
  -h, --help                 show this help
  -v, --version              show the version

Stops gracefully on Ctrl+C or SIGTERM: requests in flight are answered first.
`;

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
  /** The deployment a shadow proxy forwards to. */
  shadow?: string | undefined;
}): string[] {
  const { url, tokens, source } = options;
  const lines = [url];
  if (options.shadow !== undefined) {
    lines.push(
      `Shadow of ${options.shadow}: every API request goes there with its own Authorization; each answer is checked against openapi.yaml and the reference server`,
    );
  } else if (source === "demo") {
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
  if (options.shadow === undefined) lines.push(`Landing page: open ${origin}/ in a browser`);
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

/** The shadow proxy's summary as plant-store-mock prints it when it stops. */
export function formatShadowSummary(summary: ShadowSummary): string[] {
  const { forwarded, unreachable, broken, violations, divergences, notCompared } = summary;
  const brokenCount = broken === 0 ? "" : `, ${broken} broken`;
  const uncompared = notCompared.reduce((sum, item) => sum + item.count, 0);
  const uncomparedCount = uncompared === 0 ? "" : `; ${plural(uncompared, "answer")} not compared`;
  const lines = [
    `Shadow of ${summary.deployment}: ${plural(forwarded, "request")} forwarded (${unreachable} unanswered${brokenCount}); ${plural(violations.length, "kind")} of violation, ${plural(divergences.length, "kind")} of divergence${uncomparedCount}`,
  ];
  for (const [label, items] of [
    ["violation", violations],
    ["divergence", divergences],
    ["not compared", notCompared],
  ] as const) {
    for (const { kind, message, count, request } of items) {
      lines.push(
        `  ${label} ${kind}: ${message} (${count}x, first #${request.seq} ${request.method} ${request.path} ${request.status})`,
      );
    }
  }
  return lines;
}
