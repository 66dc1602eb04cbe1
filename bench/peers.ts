// Ours against the servers a user might run instead: the CLI (`plant-store-mock --quiet`)
// and WireMock's static stubs, Prism and json-server, GET and POST, with the load generator
// and method of server-throughput. In a full run every run of a peer sits between two runs of
// ours and is judged against their mean, so a spell of load on a shared machine falls on both
// alike. A peer missing here (no Java) is skipped with a note, never failing the run; one that
// is installed but does not start fails it.
import type { ChildProcess } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as fixtures from "./lib/fixtures.js";
import { median } from "./lib/per-call.js";
import { BENCH_OUT_DIR, bundleCli, startServer, stop } from "./lib/processes.js";
import { type BenchResult, ratio, type TargetResult } from "./lib/report.js";
import { type LoadFigures, overRounds, runLoad } from "./servers/load-generator.js";
import {
  findJava,
  installedVersion,
  JSON_SERVER,
  PEERS,
  type Peer,
  PRISM,
  startPeer,
  WIREMOCK,
} from "./servers/peers.js";

const OURS = "plant-store-mock --quiet";
const SEED_FILE = join(BENCH_OUT_DIR, "peers-seed.json");
const CLI_ARGS = ["--port", "0", "--quiet", "--token", fixtures.BENCH_TOKEN, "--seed", SEED_FILE];
/** Each request, with how many times a peer's req/s ours must reach, and which peers it judges. */
const ROUTES = [
  { request: fixtures.LIST_REQUEST, goal: 2, judged: PEERS },
  { request: fixtures.CREATE_REQUEST, goal: 1.3, judged: [WIREMOCK] },
];

/** Per route, `figures` of each run and, for a peer, `ratios`: ours over it, one per round. */
interface Server {
  label: string;
  peer?: Peer;
  url: string;
  child: ChildProcess;
  figures: LoadFigures[][];
  ratios: number[][];
}

const failures = (figures: LoadFigures[]) => {
  const { errors, non2xx } = overRounds(figures);
  return { errors, non2xx, none: errors === 0 && non2xx === 0 };
};

/** Ours and every available peer, started at once; if one fails, all are stopped. */
async function launchAll(peers: Peer[]): Promise<Server[]> {
  const cli = await bundleCli();
  const starts = [
    startServer(cli, CLI_ARGS).then(({ url, child }) => ({ label: OURS, url, child })),
    ...peers.map((peer) =>
      startPeer(peer).then((started) => ({ ...started, label: peer.name, peer })),
    ),
  ];
  const settled = await Promise.allSettled(starts);
  const servers = settled.flatMap((each) =>
    each.status === "fulfilled"
      ? [{ ...each.value, figures: ROUTES.map(() => []), ratios: ROUTES.map(() => []) }]
      : [],
  );
  const failed = settled.find((each) => each.status === "rejected");
  if (failed) {
    await Promise.all(servers.map(({ child }) => stop(child)));
    throw failed.reason;
  }
  return servers;
}

/** Our req/s around run `index`: the mean of our nearest runs before and after it. */
function oursAround(order: Server[], measured: LoadFigures[], index: number, ours: Server) {
  const before = order.lastIndexOf(ours, index);
  const after = order.indexOf(ours, index);
  const rates = [before, after]
    .filter((at) => at >= 0)
    .map((at) => measured[at]?.requestsPerSecond ?? NaN);
  return rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
}

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  // Java's JIT compiles a hot path later than V8's (WireMock's rate still rose from one 3 s run
  // to the next after 5 s of warm-up): every server gets the same longer warm-up.
  const plan = { connections: 50, seconds: quick ? 1 : 3, warmupSeconds: quick ? 0 : 10 };
  const rounds = quick ? 1 : 3;
  await mkdir(BENCH_OUT_DIR, { recursive: true }); // a fresh clone has no .tmp/bench yet
  await writeFile(SEED_FILE, fixtures.TEN_PLANTS_JSON);
  const skipped = PEERS.flatMap((peer) => {
    const reason = peer.missing();
    return reason ? [{ peer, reason }] : [];
  });
  const available = PEERS.filter((peer) => !skipped.some((each) => each.peer === peer));

  const servers = await launchAll(available);
  const [ours, ...peers] = servers as [Server, ...Server[]];
  try {
    // Every GET round before the first POST: a list is never measured on a grown store.
    for (const [route, { request }] of ROUTES.entries()) {
      for (let round = 0; round < rounds; round++) {
        // Peers in an order rotated by one per round; a full run measures ours before and
        // after each, --quick only once per round (the code is the same, the figures rough).
        const rotated = peers.map((_, index) => peers[(index + round) % peers.length] as Server);
        const order = quick
          ? [ours, ...rotated]
          : [ours, ...rotated.flatMap((peer) => [peer, ours])];
        const warmupSeconds = round === 0 ? plan.warmupSeconds : 0;
        const measured = await runLoad(
          order.map(({ url }) => ({ ...plan, warmupSeconds, baseUrl: url, request })),
        );
        measured.forEach((figures, index) => {
          const server = order[index] as Server;
          server.figures[route]?.push(figures);
          if (server === ours) return;
          server.ratios[route]?.push(
            oursAround(order, measured, index, ours) / figures.requestsPerSecond,
          );
        });
      }
    }
  } finally {
    await Promise.all(servers.map(({ child }) => stop(child)));
  }

  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const [route, { request, goal, judged }] of ROUTES.entries()) {
    const oursFigures = ours.figures[route] ?? [];
    const oursFailed = failures(oursFigures);
    for (const server of servers) {
      const figures = server.figures[route] ?? [];
      const { rate, p50, p99, errors, non2xx } = overRounds(figures);
      const ratios = server.ratios[route] ?? [];
      const share = server === ours ? 1 : median(ratios);
      const cells = [rate.toFixed(0), ratio(share, 1), p50, p99, errors, non2xx];
      rows.push([request.label, server.label, ...cells.map(String)]);
      if (!server.peer || !judged.includes(server.peer)) continue;
      const peerFailed = failures(figures);
      const perRound = ratios.map((each) => ratio(each, 1)).join(", ");
      targets.push({
        target: `${OURS}, ${request.label}, req/s >= ${goal}x ${server.label}, both without errors`,
        measured: `${ratio(share, 1)} (rounds: ${perRound}); ours ${oursFailed.errors} errors, ${oursFailed.non2xx} non-2xx; peer ${peerFailed.errors} errors, ${peerFailed.non2xx} non-2xx`,
        pass: share >= goal && oursFailed.none && peerFailed.none,
      });
    }
  }

  const version = (peer: Peer) => (available.includes(peer) ? ` ${installedVersion(peer)}` : "");
  const java = findJava();
  const javaNote = "java" in java ? ` (Java ${java.major})` : "";
  return {
    table: {
      title: "7. Peers: ours against WireMock, Prism and json-server (autocannon, loopback)",
      baseline: `${OURS}: the CLI bundled from src, seeded with the ten plants; "ours / peer" is the median over the rounds of our req/s (the mean of our runs just before and after the peer's) divided by the peer's; req/s, p50 and p99 are medians over the runs, errors and non-2xx totals.`,
      columns: "route|server|req/s|ours / peer|p50 ms|p99 ms|errors|non-2xx".split("|"),
      rows,
      notes: [
        `WireMock${version(WIREMOCK)} standalone${javaNote}: its jar with java -jar, two static stubs (GET a fixed list of the ten plants, POST a fixed 201 body), no request journal or request logging. Prism${version(PRISM)}: prism mock openapi.yaml -v error (its example answers; it checks the token and the body). json-server${version(JSON_SERVER)}: a db.json of the ten plants (a create is stored and written to the file). Each in a process of its own, from test-tools/.`,
        `${rounds} round(s) on GET, then ${rounds} on POST; each measures the peers in an order rotated by one per round${quick ? ", after one run of ours" : ", ours before and after each"}: ${plan.connections} connections, ${plan.seconds} s per run (after ${plan.warmupSeconds} s of warm-up at each server's first run).`,
        ...skipped.map(
          ({ peer, reason }) =>
            `Skipped ${peer.name}: ${reason}; its rows and targets are left out.`,
        ),
      ],
    },
    targets,
  };
}
