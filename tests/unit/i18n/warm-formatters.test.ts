import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmLocaleFormatters } from '@/i18n/warm-formatters';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The arguments of each `new Intl[kind](…)`, which still builds the real formatter. */
function built(kind: 'DateTimeFormat' | 'NumberFormat' | 'PluralRules') {
  const Real = Intl[kind] as new (...args: unknown[]) => object;
  return vi.spyOn(Intl, kind).mockImplementation(function (...args: unknown[]) {
    return new Real(...args);
  } as never);
}

describe('warmLocaleFormatters', () => {
  it.each([
    ['en', 'en-IN'],
    ['fr', 'fr-FR'],
  ] as const)("builds %s's date formatter in the market's time zone, its number format and plural rules, once the thread is free", async (locale, tag) => {
    vi.useFakeTimers();
    // jsdom has no requestIdleCallback: its fallback, a timer, is what runs here.
    expect('requestIdleCallback' in window).toBe(false);
    const dates = built('DateTimeFormat');
    const numbers = built('NumberFormat');
    const plurals = built('PluralRules');
    warmLocaleFormatters(locale);
    // Not inside the caller's task: the boot goes on to ask for the screen's files first.
    expect(dates).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(dates).toHaveBeenCalledWith(tag, expect.objectContaining({ timeZone: 'Asia/Kolkata' }));
    expect(numbers).toHaveBeenCalledWith(tag);
    expect(plurals).toHaveBeenCalledWith(tag);
  });
});
