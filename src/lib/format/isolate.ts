/**
 * Unicode isolates (FSI … PDI, UAX #9) around a formatted value, so the value is laid out as one unit
 * whatever surrounds it: "₹2,00,000", "1,000" or "21/11/2026 14:05:09" never has its symbol, digits or
 * separators pulled apart by the words around it, in a right-to-left layout or beside a name written in
 * an RTL script. FSI takes the value's own direction (digits: left to right). The marks are invisible and
 * survive inside ICU sentences, which is why they are in the text and not in a <bdi> element.
 */
export const FSI = '\u2068';
export const PDI = '\u2069';

export function isolate(text: string): string {
  return `${FSI}${text}${PDI}`;
}

/**
 * U+2060 WORD JOINER: no line break on either side of it. Unicode's line breaking allows a break between a
 * sign and a currency symbol ("-" then "₹" in en-IN's "-₹980.50"), so a narrow cell or a wrapping sentence
 * left a P&L's minus alone at the end of a line; joined, a signed amount breaks before or after, never inside.
 */
export const WJ = '\u2060';

/** A formatted amount with its leading sign (+, -, −) joined to what follows it. */
export function signJoined(text: string): string {
  return text.replace(/^([+\-\u2212])/, `$1${WJ}`);
}

/** The text without its isolates and joiners, where a value is read back (clipboard, comparisons). */
export function withoutIsolates(text: string): string {
  return text.replaceAll(FSI, '').replaceAll(PDI, '').replaceAll(WJ, '');
}
