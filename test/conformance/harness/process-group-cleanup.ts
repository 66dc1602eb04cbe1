// Prism runs in its own process group (so one signal stops all of it) and therefore does not
// get the Ctrl-C or SIGTERM aimed at the test run. This module takes the groups down with
// the test process however it ends: a normal exit, a crash, or one of these signals.
const liveGroups = new Set<number>();
const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

export function killProcessGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** Kills the group if the test process goes away first; call the returned function once it is stopped. */
export function killGroupWithThisProcess(pid: number): () => void {
  if (liveGroups.size === 0) install();
  liveGroups.add(pid);
  return () => {
    liveGroups.delete(pid);
    if (liveGroups.size === 0) uninstall();
  };
}

function killAll(): void {
  for (const pid of liveGroups) killProcessGroup(pid, "SIGKILL");
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  uninstall();
  // Ours was the only listener, so the default action (exit) was suppressed: re-raise it.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function install(): void {
  process.on("exit", killAll);
  for (const signal of signals) process.on(signal, onSignal);
}

function uninstall(): void {
  process.removeListener("exit", killAll);
  for (const signal of signals) process.removeListener(signal, onSignal);
}
