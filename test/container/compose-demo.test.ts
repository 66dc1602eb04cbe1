// The compose file of docs/container.md, as far as it can run here (no compose, no registry for
// its web server): its plant-store service, run with the command the file gives it, answers the
// browser example's page as the page calls it, with its token and from its origin.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { parse } from "yaml";
import { readMarkdownPage, repoRoot } from "../docs/markdown-pages.js";
import { describeWithEngine, IMAGE, runContainer } from "./support/containers.js";

interface ComposeService {
  image: string;
  command?: string[];
  ports?: string[];
  volumes?: string[];
}

const fence = readMarkdownPage("docs/container.md").fences.find(
  (each) => each.info === "yaml" && each.code.includes("services:"),
);
const compose = parse(fence?.code ?? "") as { services: Record<string, ComposeService> };
const mock = compose.services["plant-store"] as ComposeService;
const web = compose.services.web as ComposeService;

describeWithEngine("the compose demo of docs/container.md", () => {
  it("runs this image, published on 4010, and serves the browser example's built page", () => {
    expect(mock.image).toBe(IMAGE);
    expect(mock.ports).toEqual(["4010:4010"]);
    expect(web.volumes).toEqual(["./examples/browser/dist:/usr/share/nginx/html:ro"]);
    expect(readFileSync(join(repoRoot, "examples/browser/index.html"), "utf8")).toContain(
      "<title>Plant Store (browser example)</title>",
    );
  });

  it("answers the page with the page's own token, from the page's origin", async () => {
    const page = readFileSync(join(repoRoot, "examples/browser/src/main.ts"), "utf8");
    const token = /token: "([^"]+)"/.exec(page)?.[1];
    expect(token).toBe("browser-demo-token");
    const origin = `http://localhost:${(web.ports?.[0] ?? "").split(":")[0]}`;
    const container = await runContainer(mock.command ?? []);
    const answer = await fetch(`${container.url}/plants`, {
      headers: { authorization: `Bearer ${token}`, origin },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
    expect(await answer.json()).toHaveLength(30);
  });
});
