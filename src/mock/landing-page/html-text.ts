// Turning text into HTML for the landing page. Everything shown is escaped first; the
// descriptions of openapi.yaml use a little Markdown (paragraphs, "- " lists, `code`,
// **bold**), which is all this renders.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
}

/** Markdown-ish description -> paragraphs and bullet lists. */
export function markdownToHtml(markdown: string): string {
  const blocks = markdown.trim().split(/\n\s*\n/);
  return blocks
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      if (!lines[0]?.trimStart().startsWith("- ")) return `<p>${inline(block.trim())}</p>`;
      // A list item runs on over indented lines until the next "- ".
      const items: string[] = [];
      for (const line of lines) {
        if (line.trimStart().startsWith("- ")) items.push(line.trimStart().slice(2));
        else items[items.length - 1] += ` ${line.trim()}`;
      }
      return `<ul>${items.map((item) => `<li>${inline(item)}</li>`).join("")}</ul>`;
    })
    .join("\n");
}
