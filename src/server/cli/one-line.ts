// Every CLI error is one line on stderr, whatever text a message quotes (JSON.parse quotes
// the start of the file, newline included): control characters are shown escaped, and
// invisible ones (a byte order mark) made visible, rather than printed raw.
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\ufeff]/gu;

export function oneLine(text: string): string {
  return text.replace(UNPRINTABLE, (char) => {
    if (char === "\n") return "\\n";
    if (char === "\r") return "\\r";
    if (char === "\t") return "\\t";
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
