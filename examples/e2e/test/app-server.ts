// Serves the app's files from this machine, as a dev server would. A real server matters:
// Chromium lets a page call a loopback address (the mock server) only from a page that was
// itself loaded from one, not from a made-up origin filled in by request interception.
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

const appDir = fileURLToPath(new URL("../app/", import.meta.url));
const FILES: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/plant-app.js": { file: "plant-app.js", type: "text/javascript; charset=utf-8" },
};

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

export async function serveApp(): Promise<AppServer> {
  const server = createServer(async (request, response) => {
    const entry = FILES[new URL(request.url ?? "/", "http://app").pathname];
    if (entry === undefined) {
      response.writeHead(404).end();
      return;
    }
    const body = await readFile(`${appDir}${entry.file}`);
    response.writeHead(200, { "content-type": entry.type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
