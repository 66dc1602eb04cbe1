import type { AddressInfo } from "node:net";

/** The URL a client uses to reach the server: a wildcard address becomes loopback. */
export function serverUrl(address: AddressInfo, basePath: string): string {
  let host = address.address;
  if (host === "0.0.0.0") host = "127.0.0.1";
  else if (host === "::") host = "::1";
  if (host.includes(":")) host = `[${host}]`;
  return `http://${host}:${address.port}${normaliseBasePath(basePath)}`;
}

// The same reading of basePath as the handler's: "v1/" and "/v1" both mean "/v1".
function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, "");
  return trimmed === "" || trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}
