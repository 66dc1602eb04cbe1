// Which container engine builds and runs the image here: Docker when a daemon answers (at the
// address DOCKER_HOST selects, else Docker's default socket), else Podman, which needs no
// daemon (its settings come from CONTAINERS_CONF, see .ci/containers.conf). Neither is started
// here: `npm run image`, the container tests and the benchmark only use what is running.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export type ContainerEngine = "docker" | "podman";

/** Whether `command args` exits 0 within a few seconds (a daemon that hangs counts as none). */
async function answers(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args, { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** Docker if its daemon answers, else Podman if it is installed, else undefined. */
export async function findContainerEngine(): Promise<ContainerEngine | undefined> {
  if (await answers("docker", ["version", "--format", "{{.Server.Version}}"])) return "docker";
  if (await answers("podman", ["version", "--format", "{{.Client.Version}}"])) return "podman";
  return undefined;
}

/** The sentence every tool prints when neither engine is there. */
export const NO_ENGINE =
  "no container engine: no Docker daemon answers (start dockerd, or set DOCKER_HOST) and podman is not installed";
