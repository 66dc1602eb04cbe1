// Time from launching the mock server until it answers HTTP, against a raw node:http server
// launched the same way (Node's own start and listen), both bundled as tsup builds dist/.
import { median } from "./lib/per-call.js";
import { bundleCli, bundleForNode, startServer, stop } from "./lib/processes.js";
import { type BenchResult, ratio } from "./lib/report.js";

const FLOOR = "raw node:http (Node start + listen)";
const CLI = "plant-store-mock --quiet";
const GOAL_MS = 300;

export async function run({ quick }: { quick: boolean }): Promise<BenchResult> {
  const runs = quick ? 1 : 7;
  const servers: [string, string, string[]][] = [
    [FLOOR, await bundleForNode("bench/servers/raw-node-http.ts"), []],
    [CLI, await bundleCli(), ["--port", "0", "--quiet"]],
  ];
  const times = new Map<string, number[]>(servers.map(([name]) => [name, []]));
  // Interleaved, so a busy moment on the machine does not land on one server only.
  for (let index = 0; index < runs; index++) {
    for (const [name, script, args] of servers) {
      // From the spawn until it answered its first request (sent once it printed its URL).
      const { child, url, startedAt } = await startServer(script, args);
      try {
        await (await fetch(`${url}/plants`)).arrayBuffer();
        times.get(name)?.push(performance.now() - startedAt);
      } finally {
        await stop(child);
      }
    }
  }
  const [floor = Number.NaN, cli = Number.NaN] = [...times.values()].map(median);
  const rows = [...times].map(([name, samples]) => {
    const range = `${Math.min(...samples).toFixed(0)}-${Math.max(...samples).toFixed(0)}`;
    return [name, median(samples).toFixed(0), range, ratio(median(samples), floor)];
  });
  return {
    table: {
      title: "5. Start-up: launch until the first HTTP answer",
      baseline: `${FLOOR}, bundled the same way; "x floor" divides the median by its median.`,
      columns: ["server", "median ms", "range ms", "x floor"],
      rows,
      notes: [
        `${runs} launch(es) each, interleaved: from spawning the process until it has answered GET /plants (sent once it printed its URL).`,
      ],
    },
    targets: [
      {
        target: `mock server answers within ${GOAL_MS} ms of launch`,
        measured: `${cli.toFixed(0)} ms median (${ratio(cli, floor)} of Node's own start)`,
        pass: cli <= GOAL_MS,
      },
    ],
  };
}
