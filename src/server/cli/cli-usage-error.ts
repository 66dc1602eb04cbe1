/** A mistake in how the CLI was called (flags, seed file): one line on stderr, exit code 2. */
export class CliUsageError extends Error {
  override name = "CliUsageError";
}
