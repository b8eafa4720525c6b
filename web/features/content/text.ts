/** The first `count` words of a text, and whether anything was cut. */
export function firstWords(text: string, count: number): { text: string; truncated: boolean } {
  const words = text.trim().split(/\s+/);
  if (words.length <= count) return { text: text.trim(), truncated: false };
  return { text: words.slice(0, count).join(' '), truncated: true };
}
