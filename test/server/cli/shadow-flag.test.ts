// `plant-store-mock --shadow <base-url>`: the flag in --help, its banner, the summary printed
// when it stops, a SIGTERM while a forwarded request is in flight, and the flags it refuses.
import { afterEach, describe, expect, it } from "vitest";
import { DEPLOYMENT_TOKEN, startDeployment } from "../../shadow/support/fake-deployment.js";
import { startRawDeployment } from "../../shadow/support/raw-deployment.js";
import { until } from "../../support/event-loop.js";
import { useCliFixture } from "../support/cli-process.js";

const cli = useCliFixture("shadow-flag");
const deployments: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const deployment of deployments.splice(0)) await deployment.close();
});

describe("plant-store-mock --shadow", () => {
  it("is listed in --help", async () => {
    const help = await cli.run(["--help"]);
    expect(help.stdout).toContain("--shadow <base-url>");
  });

  it("forwards, prints no token, and prints the summary when it stops", async () => {
    // A deployment that answers creates with 200: one divergence to summarise.
    const deployment = await startDeployment({}, { createStatus: 200, basePath: "/v1" });
    deployments.push(deployment);
    const running = await cli.start(["--port", "0", "--shadow", deployment.url]);
    expect(running.stdout().split("\n")[1]).toBe(
      `Shadow of ${deployment.url}: every API request goes there with its own Authorization; each answer is checked against openapi.yaml and the reference server`,
    );
    const created = await fetch(`${running.url}/plants`, {
      method: "POST",
      headers: { authorization: `Bearer ${DEPLOYMENT_TOKEN}`, "content-type": "application/json" },
      body: '{"name":"Fern"}',
    });
    expect(created.status).toBe(200);
    running.child.kill("SIGTERM");
    const run = await running.exited;
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `Shadow of ${deployment.url}: 1 request forwarded (0 unanswered); 0 kinds of violation, 1 kind of divergence\n` +
        "  divergence status: the deployment answered 200, the reference server 201 (1x, first #1 POST /plants 200)\n",
    );
    expect(run.stdout + run.stderr).not.toContain(DEPLOYMENT_TOKEN);
  });

  it("on SIGTERM ends a forwarded request the deployment never answers, and exits 0", async () => {
    const deployment = await startDeployment({ answer: () => undefined });
    deployments.push(deployment);
    const running = await cli.start(["--port", "0", "--quiet", "--shadow", deployment.url]);
    const answered = fetch(`${running.url}/plants`, {
      headers: { authorization: `Bearer ${DEPLOYMENT_TOKEN}` },
    }).then(
      () => "answered",
      () => "no answer",
    );
    await until(() => deployment.open.size === 1, "the deployment got the request");
    running.child.kill("SIGTERM");
    expect((await running.exited).code).toBe(0);
    expect(await answered).toBe("no answer");
  });

  it("on SIGTERM cuts an answer whose body never ends, and exits 0 at once", async () => {
    const deployment = await startRawDeployment(
      "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n[",
      { hold: true },
    );
    deployments.push(deployment);
    const running = await cli.start(["--port", "0", "--quiet", "--shadow", deployment.url]);
    const answer = await fetch(`${running.url}/plants`, {
      headers: { authorization: `Bearer ${DEPLOYMENT_TOKEN}` },
    });
    expect(answer.status).toBe(200);
    running.child.kill("SIGTERM");
    const run = await running.exited;
    expect(run.code).toBe(0);
    await expect(answer.text()).rejects.toThrow(TypeError);
    expect(run.stdout).toContain("(0 unanswered); 0 kinds of violation");
  });

  it.each([
    [
      ["--shadow", "localhost:4010"],
      "plant-store-mock: --shadow must be an absolute http(s) URL without query, fragment or credentials.",
    ],
    [
      ["--shadow", "http://127.0.0.1:4010", "--token", "t1"],
      "plant-store-mock: --token has no effect with --shadow: the shadow proxy authenticates nothing and stores nothing (the deployment does).",
    ],
    [
      ["--shadow", "http://127.0.0.1:4010", "--generate", "10"],
      "plant-store-mock: --generate has no effect with --shadow: the shadow proxy authenticates nothing and stores nothing (the deployment does).",
    ],
  ])("refuses %j with one line and exit code 2", async (args, line) => {
    const run = await cli.run(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`${line}\n`);
  });
});
