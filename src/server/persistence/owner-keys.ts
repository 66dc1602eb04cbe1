// The data file must not hand out working credentials, so owners are written as the
// SHA-256 of their token. At load, every hash is matched against the tokens the server
// accepts now; a plant whose owner token is no longer accepted keeps its hash as the
// owner (invisible to every caller, yet written back unchanged so it survives a restart
// with the old token). A hash cannot collide with a real token: bearer tokens never
// contain ":".
import { createHash } from "node:crypto";

const PREFIX = "sha256:";
const OWNER_KEY = /^sha256:[0-9a-f]{64}$/;

/** Why `owner` (as read from the file) is not null or an owner key, or undefined. */
export function findOwnerKeyProblem(owner: unknown): string | undefined {
  if (owner === null || (typeof owner === "string" && OWNER_KEY.test(owner))) return undefined;
  return '"owner" must be null or "sha256:" and 64 hex digits';
}

export interface OwnerKeys {
  /** The owner as written to the file. */
  toFile(owner: string | null): string | null;
  /** The owner as the store knows it: the accepted token with that hash, else the hash. */
  fromFile(key: string | null): string | null;
}

export function hashOwnerToken(token: string): string {
  return PREFIX + createHash("sha256").update(token, "utf8").digest("hex");
}

export function createOwnerKeys(tokens: readonly string[]): OwnerKeys {
  const tokenByKey = new Map(tokens.map((token) => [hashOwnerToken(token), token]));
  /** Each unresolved key once, so a million plants of one such owner share one string. */
  const unresolved = new Map<string, string>();
  const keyByToken = new Map<string, string>();
  return {
    toFile(owner) {
      if (owner === null || unresolved.has(owner)) return owner;
      let key = keyByToken.get(owner);
      if (key === undefined) {
        key = hashOwnerToken(owner);
        keyByToken.set(owner, key);
      }
      return key;
    },
    fromFile(key) {
      if (key === null) return null;
      const token = tokenByKey.get(key);
      if (token !== undefined) return token;
      const known = unresolved.get(key);
      if (known !== undefined) return known;
      unresolved.set(key, key);
      return key;
    },
  };
}
