// The `peers` benchmark skips WireMock, with the reason, where no Java can run it: these are the
// reasons it gives (bench-quick.test.ts checks the line it prints, on a machine without Java).
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WIREMOCK } from "../../bench/servers/peers.js";

describe("the peers benchmark without a Java for WireMock", () => {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** A JAVA_HOME whose bin/java prints `version` as `java -version` does. */
  async function javaHomePrinting(version: string) {
    const home = await mkdtemp(join(tmpdir(), "peers-java-"));
    made.push(home);
    await mkdir(join(home, "bin"));
    await writeFile(join(home, "bin", "java"), `#!/bin/sh\necho '${version}' >&2\n`);
    await chmod(join(home, "bin", "java"), 0o755);
    return home;
  }

  it("names a PATH with no java", () => {
    expect(WIREMOCK.missing({ PATH: "/nonexistent" })).toBe(
      "no `java` on the PATH (WireMock needs Java 11 or later)",
    );
  });

  it("names a JAVA_HOME with no java, which it prefers to the PATH's", () => {
    expect(WIREMOCK.missing({ PATH: process.env.PATH, JAVA_HOME: "/nonexistent" })).toBe(
      "no Java at /nonexistent/bin/java, from JAVA_HOME (WireMock needs Java 11 or later)",
    );
  });

  it("names a Java too old for WireMock 3, in either way of writing its version", async () => {
    const eight = await javaHomePrinting('java version "1.8.0_392"');
    expect(WIREMOCK.missing({ JAVA_HOME: eight })).toBe(
      `${eight}/bin/java is Java 8 (WireMock needs Java 11 or later)`,
    );
    const ten = await javaHomePrinting('openjdk version "10.0.2" 2018-07-17');
    expect(WIREMOCK.missing({ JAVA_HOME: ten })).toBe(
      `${ten}/bin/java is Java 10 (WireMock needs Java 11 or later)`,
    );
  });

  it("takes Java 11 and later", async () => {
    const eleven = await javaHomePrinting('openjdk version "11.0.25" 2024-10-15');
    expect(WIREMOCK.missing({ JAVA_HOME: eleven })).toBeUndefined();
  });
});
