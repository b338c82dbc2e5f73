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

/** The text without its isolates, where a value is read back (clipboard, comparisons). */
export function withoutIsolates(text: string): string {
  return text.replaceAll(FSI, '').replaceAll(PDI, '');
}
