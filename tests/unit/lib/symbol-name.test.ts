import { describe, expect, it } from 'vitest';
import { symbolName } from '@/lib/format/symbol-name';

// French month abbreviations carry a no-break space nowhere, but keep the comparison about words.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('a tradingsymbol in words (order book, trade book, positions, toasts)', () => {
  it('names a weekly contract to the day, as the ticket does', () => {
    expect(symbolName('NIFTY26D0126050CE', 'en')).toBe('NIFTY 01 Dec 26050 CE');
    expect(symbolName('BANKNIFTY2610654000PE', 'en')).toBe('BANKNIFTY 06 Jan 54000 PE');
    expect(symbolName('SENSEX26N1982000CE', 'en')).toBe('SENSEX 19 Nov 82000 CE');
  });

  it('writes the month in French on a French screen', () => {
    expect(spaces(symbolName('NIFTY26D0126050CE', 'fr'))).toBe('NIFTY 01 déc. 26050 CE');
  });

  it('dates a monthly contract by the expiry the caller knows, and by its month when it knows none', () => {
    expect(symbolName('NIFTY26DEC26000PE', 'en', '2026-12-29')).toBe('NIFTY 29 Dec 26000 PE');
    expect(symbolName('NIFTY26DEC26000PE', 'en')).toBe('NIFTY Dec 26000 PE');
    // An expiry of another month is not this contract's: the month alone, never a wrong day.
    expect(symbolName('NIFTY26DEC26000PE', 'en', '2026-11-24')).toBe('NIFTY Dec 26000 PE');
  });

  it('does not read a weekly symbol as a monthly one (MIDCPNIFTY before NIFTY, O/N/D month codes)', () => {
    expect(symbolName('MIDCPNIFTY26O2713000CE', 'en')).toBe('MIDCPNIFTY 27 Oct 13000 CE');
    expect(symbolName('FINNIFTY26NOV24000CE', 'en', '2026-11-24')).toBe('FINNIFTY 24 Nov 24000 CE');
  });

  it('leaves anything that is not an option or a future as its tradingsymbol', () => {
    expect(symbolName('RELIANCE', 'en')).toBe('RELIANCE');
  });
});

describe('stock options and futures (issue 63)', () => {
  it('names a future by its month, index or stock', () => {
    expect(symbolName('RELIANCE26DECFUT', 'en')).toBe('RELIANCE DEC FUT');
    expect(symbolName('NIFTY27JANFUT', 'en')).toBe('NIFTY JAN FUT');
    expect(symbolName('M&M26DECFUT', 'en')).toBe('M&M DEC FUT');
  });

  it('names a stock option as a monthly, with paise in its strike', () => {
    expect(symbolName('RELIANCE26DEC1300PE', 'en', '2026-12-29')).toBe('RELIANCE 29 Dec 1300 PE');
    expect(symbolName('IDEA26DEC7.5CE', 'en')).toBe('IDEA Dec 7.5 CE');
  });
});
