// RFC 9110 allows two forms and nothing else: delta-seconds, or an HTTP date in the format
// senders must use (IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT"). Date.parse alone would
// read "1", "2025" or "soon 5" as dates.
const deltaSeconds = /^\d+$/;
const imfFixdate = /^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/;

/**
 * The wait in ms that a `Retry-After` value asks for: negative for a date already past, NaN
 * when there is none or it is not one of the two forms.
 */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number {
  const text = value as string;
  if (deltaSeconds.test(text)) return +text * 1000;
  return imfFixdate.test(text) ? Date.parse(text) - now : Number.NaN;
}
