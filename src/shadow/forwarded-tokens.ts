// The bearer tokens the shadow proxy forwarded, remembered so no log line, journal entry,
// summary or admin answer shows one. Bounded: the most recent REMEMBERED_TOKENS distinct
// tokens are kept (a long run with many callers cannot grow it without limit), and adding one
// or looking through text costs the same with one token as with thousands: tokens are indexed
// by their first characters instead of being searched one by one, and the set is never rebuilt.
//
// A token that falls out is still hidden wherever it matters: its requests' journal entries
// hide the token they carried (journal.ts), and the summary and the log line of a request
// are written while its token is among the recent ones.
import {
  createSecretTokens,
  joinSecretTokens,
  MIN_SEARCHED,
  type SecretTokens,
} from "../mock/journal/redaction.js";

/** How many distinct forwarded tokens are remembered, the most recently used kept. */
export const REMEMBERED_TOKENS = 1000;

export interface ForwardedTokens {
  /** Notes a token that is being forwarded (it becomes the most recent one). */
  remember(token: string): void;
  /** The remembered tokens, as the redaction rules read them. */
  readonly secrets: SecretTokens;
}

export function createForwardedTokens(capacity = REMEMBERED_TOKENS): ForwardedTokens {
  // A Map iterates in insertion order: the first key is the least recently used.
  const recent = new Map<string, true>();
  // Tokens of MIN_SEARCHED or more characters, by their first MIN_SEARCHED: found inside text.
  const byHead = new Map<string, Set<string>>();
  // Shorter ones, and how many of them have each length: found inside text by `appearsIn` only.
  const short = new Set<string>();
  const shortLengths = new Map<number, number>();

  function add(token: string): void {
    if (token.length < MIN_SEARCHED) {
      short.add(token);
      shortLengths.set(token.length, (shortLengths.get(token.length) ?? 0) + 1);
      return;
    }
    const head = token.slice(0, MIN_SEARCHED);
    const bucket = byHead.get(head);
    if (bucket === undefined) byHead.set(head, new Set([token]));
    else bucket.add(token);
  }

  function drop(token: string): void {
    if (token.length < MIN_SEARCHED) {
      short.delete(token);
      const left = (shortLengths.get(token.length) ?? 1) - 1;
      if (left === 0) shortLengths.delete(token.length);
      else shortLengths.set(token.length, left);
      return;
    }
    const head = token.slice(0, MIN_SEARCHED);
    const bucket = byHead.get(head);
    bucket?.delete(token);
    if (bucket?.size === 0) byHead.delete(head);
  }

  /** `text` is a token, or holds one MIN_SEARCHED long or longer; with `anywhere`, any one. */
  function found(text: string, anywhere: boolean): boolean {
    if (recent.has(text)) return true;
    for (let at = 0; at + MIN_SEARCHED <= text.length; at++) {
      const bucket = byHead.get(text.slice(at, at + MIN_SEARCHED));
      if (bucket === undefined) continue;
      for (const token of bucket) if (text.startsWith(token, at)) return true;
    }
    if (!anywhere) return false;
    for (const length of shortLengths.keys()) {
      for (let at = 0; at + length <= text.length; at++) {
        if (short.has(text.slice(at, at + length))) return true;
      }
    }
    return false;
  }

  const secrets: SecretTokens = {
    holds: (text) => found(text, false),
    appearsIn: (text) => found(text, true),
    with: (more) => joinSecretTokens(createSecretTokens(more), () => secrets),
  };

  return {
    remember(token) {
      if (recent.delete(token)) {
        recent.set(token, true);
        return;
      }
      recent.set(token, true);
      add(token);
      if (recent.size > capacity) {
        const oldest = recent.keys().next().value as string;
        recent.delete(oldest);
        drop(oldest);
      }
    },
    secrets,
  };
}
