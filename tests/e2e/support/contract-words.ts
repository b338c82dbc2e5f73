/**
 * A contract as the screens name it ("NIFTY 01 Dec 26050 CE", "NIFTY 01 déc. 26050 CE": src/lib/format/
 * symbol-name.ts) from its tradingsymbol (NIFTY26D0126050CE), as a pattern: the index, a day, a month in the
 * screen's language, the strike and the type, so a locator follows the words a trader reads, not the code.
 */
export function contractWords(tradingsymbol: string): string {
  const match = /^([A-Z]+?)\d{2}[A-Z0-9]{3}(\d+)(CE|PE)$/.exec(tradingsymbol);
  if (match === null) throw new Error(`not an index option: ${tradingsymbol}`);
  const [, name = '', strike = '', type = ''] = match;
  return `${name} (?:\\d{2} )?\\S+ ${strike} ${type}`;
}
