// The opening of a news body as plain text, for the news list: the list shows what each item is
// about and links to its page, so the Markdown renderer (about 39 KB gzip) loads only there.

/** Plain text of Markdown, good enough for a preview: marks, links, images, tables and code fences dropped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .split('\n')
    .filter((line) => !/^\s*\|/.test(line)) // table rows
    .join('\n')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `length` characters of the body's text, cut at a word and marked with «…» when cut. */
export function newsExcerpt(markdown: string, length = 280): string {
  const text = plainText(markdown);
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?—-]+$/, '')}…`;
}
