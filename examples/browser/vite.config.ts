import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { defineConfig, type Plugin } from "vite";

const mswWorkerPath = createRequire(import.meta.url).resolve("msw/mockServiceWorker.js");

/**
 * Serves and emits msw's `mockServiceWorker.js` straight from the installed msw package, so
 * no copy is committed and the worker can never drift from the library version.
 */
function mswWorkerScript(): Plugin {
  return {
    name: "msw-worker-script",
    configureServer(server) {
      server.middlewares.use("/mockServiceWorker.js", (_request, response) => {
        response.setHeader("Content-Type", "text/javascript");
        response.end(readFileSync(mswWorkerPath));
      });
    },
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "mockServiceWorker.js",
        source: readFileSync(mswWorkerPath, "utf8"),
      });
    },
  };
}

export default defineConfig({
  plugins: [mswWorkerScript()],
  // The page ships its mock store (msw and the handler set) on purpose: no 500 kB warning.
  build: { target: "es2022", chunkSizeWarningLimit: 1024 },
});
