// @vitest-environment node
// A recommendation's rationale names its expiry as an ISO day; the screen shows it in the interface
// language's date format (issue 24: "their prose shows ISO dates").
import { describe, expect, it } from 'vitest';
import { formatProseDates } from '@/lib/format/prose-dates';

const rationale = 'At 25,850.4, on the 2026-01-20 expiry, one set of lots (lot size 65) makes up to ₹4,212.5 for at most ₹8,787.5.';

describe('dates in the server’s prose', () => {
  it('reads as the interface language writes dates', () => {
    expect(formatProseDates(rationale, 'en')).toBe('At 25,850.4, on the 20 Jan 2026 expiry, one set of lots (lot size 65) makes up to ₹4,212.5 for at most ₹8,787.5.');
    expect(formatProseDates(rationale, 'fr')).toBe('At 25,850.4, on the 20/01/2026 expiry, one set of lots (lot size 65) makes up to ₹4,212.5 for at most ₹8,787.5.');
  });

  it('formats every date, keeps the IST calendar day, and leaves what is not a date alone', () => {
    expect(formatProseDates('From 2026-03-31 to 2026-04-01.', 'en')).toBe('From 31 Mar 2026 to 01 Apr 2026.');
    expect(formatProseDates('Code 2026-13-45 and 26000-26100', 'fr')).toBe('Code 2026-13-45 and 26000-26100');
    expect(formatProseDates('No date here', 'en')).toBe('No date here');
  });
});
