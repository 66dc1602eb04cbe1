// What a full set of sandboxes refuses a new one with.

/**
 * What `create` throws at `maxSandboxes`: a RangeError like any other, a class of its own only
 * so the admin API can tell "full" (429) from a bad seed, which may be a RangeError too (400).
 */
export class SandboxLimitError extends RangeError {}
