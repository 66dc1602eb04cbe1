// Workers load one ES module: the fixture and the dist/ files it imports, bundled by esbuild
// (what wrangler does on deploy) with the conditions workerd resolves.
import { build } from "esbuild";

export async function bundleWorker(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error(`esbuild produced nothing for ${entry}`);
  return output.text;
}
