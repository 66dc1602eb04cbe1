/** This package's version (a test keeps it equal to package.json's). */
export const SDK_VERSION = "1.0.0";

/**
 * The `User-Agent` to send, or `undefined` in a browser. Browsers (windows and workers alike)
 * say `Mozilla/...`; Node, Deno, Bun and edge runtimes say something else or nothing. A browser
 * must not get the header: it is not CORS-safelisted, so it would force a preflight.
 */
export const sdkUserAgent = (
  runtimeUserAgent = globalThis.navigator?.userAgent,
): string | undefined =>
  runtimeUserAgent?.startsWith("Mozilla/") ? undefined : `plant-store-sdk/${SDK_VERSION}`;
