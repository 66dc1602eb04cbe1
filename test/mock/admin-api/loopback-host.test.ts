// Which hosts are loopback: where open admin endpoints may answer. The server's refusal to
// start them elsewhere is in test/server/server-options.test.ts.
import { describe, expect, it } from "vitest";
import { isLoopbackAuthority, isLoopbackHost } from "../../../src/mock/admin-api/admin-access.js";

describe("isLoopbackHost", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "::1",
    "[::1]",
    "0:0:0:0:0:0:0:1",
    "::ffff:127.0.0.1",
    "localhost",
    "LOCALHOST",
    "localhost.",
    "app.localhost",
    "app.localhost.",
    "[::ffff:7f00:1]",
    "127.255.255.255",
  ])("counts %s as this machine only", (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    "0.0.0.0",
    "::",
    "10.0.0.1",
    "192.168.1.20",
    "128.0.0.1",
    "::ffff:10.0.0.1",
    "example.com",
    "localhost.example.com",
    "127.0.0.1.nip.io",
    "localhost.attacker.example",
    "attackerlocalhost",
    "127.0.0.256",
    "127.1",
    "[::ffff:a00:1]",
    "",
  ])("counts %s as reachable from a network", (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("isLoopbackAuthority (a Host header or a URL's host)", () => {
  it.each([null, "localhost:4010", "127.0.0.1:80", "[::1]:4010", "[::1]", "app.localhost:5173"])(
    "counts %s as this machine",
    (authority) => {
      expect(isLoopbackAuthority(authority)).toBe(true);
    },
  );

  it.each(["attacker.example:4010", "10.0.0.1:4010", "[::2]:4010", "localhost.evil:80", ":4010"])(
    "counts %s as another machine",
    (authority) => {
      expect(isLoopbackAuthority(authority)).toBe(false);
    },
  );
});
