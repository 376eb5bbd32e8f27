/**
 * The words of a search: lower case, split on anything but letters, digits and . / - (so "cat's"
 * reads "cats"), at most eight, each at least two characters. A SKU is one word, as the seller typed it.
 */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().replace(/['’]/g, '').split(/[^\p{L}\p{N}./-]+/u)
    .map((w) => w.replace(/^[./-]+|[./-]+$/g, ''))
    .filter((w) => w.length >= 2);
  return [...new Set(words)].slice(0, 8);
}

/**
 * `to_tsquery` text for words typed so far: every word, the last read as a prefix of anything. Only
 * letters, digits and . / - reach it (searchWords), so no word can break out of its quotes.
 */
export function prefixQuery(words: string[]): string {
  return words.map((w) => `'${w}':*`).join(' & ');
}
