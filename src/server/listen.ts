import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

const REASONS: Record<string, string> = {
  EADDRINUSE: "the port is already in use",
  EACCES: "permission denied (ports below 1024 need privileges)",
  EADDRNOTAVAIL: "the address is not available on this machine",
  ENOTFOUND: "the host name does not resolve",
};

/** Listens, turning the usual failures into one sentence a CLI can print as is. */
export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const reason = REASONS[error.code ?? ""] ?? error.message;
      reject(new Error(`Cannot listen on ${host}:${port}: ${reason}.`, { cause: error }));
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve(server.address() as AddressInfo);
    });
  });
}
