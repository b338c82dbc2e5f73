import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, formatHourMinute, formatTime, NO_DATE } from '@/lib/format/date';
import { formatInr, formatLakh, formatLakhChange, formatNumber, formatPercent, formatSignedInr } from '@/lib/format/number';
import { isolate, signJoined, withoutIsolates, WJ } from '@/lib/format/isolate';
import { useFormat } from '@/lib/format/use-format';
import { I18nProvider, preloadMessages } from '@/i18n/i18n-provider';

// French uses (narrow) no-break spaces; compare with plain spaces to keep the expectations readable.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

// 08:35:09 UTC is 14:05:09 in IST (UTC+5:30), whatever zone the machine running the test is in.
const instant = new Date(Date.UTC(2026, 10, 21, 8, 35, 9));
// 20:00 UTC on the 21st is already the 22nd in India.
const lateUtc = new Date(Date.UTC(2026, 10, 21, 20, 0, 0));

describe('money and numbers', () => {
  it('groups rupees the Indian way in English', () => {
    expect(formatInr(123456.5, 'en')).toBe('₹1,23,456.50');
    expect(formatInr(12345678, 'en')).toBe('₹1,23,45,678.00');
  });

  it('writes rupees the French way in French', () => {
    expect(spaces(formatInr(123456.5, 'fr'))).toBe('123 456,50 ₹');
  });

  it('always signs a profit or a loss, and leaves zero unsigned', () => {
    expect(formatSignedInr(1250, 'en')).toBe('+₹1,250.00');
    expect(formatSignedInr(-980.5, 'en')).toBe('-₹980.50');
    expect(formatSignedInr(0, 'en')).toBe('₹0.00');
    expect(formatSignedInr(-0.001, 'en')).toBe('₹0.00');
    expect(spaces(formatSignedInr(-980.5, 'fr'))).toMatch(/^[-−]980,50 ₹$/);
  });

  it('formats plain numbers and percentages for the locale', () => {
    expect(formatNumber(1234567.891, 'en')).toBe('12,34,567.89');
    expect(spaces(formatNumber(1234567.891, 'fr'))).toBe('1 234 567,89');
    expect(formatNumber(65, 'en', { minimumFractionDigits: 2 })).toBe('65.00');
    expect(formatPercent(0.0125, 'en')).toBe('1.25%');
    expect(spaces(formatPercent(0.0125, 'fr'))).toBe('1,25 %');
    expect(formatPercent(-0.5, 'en', { signed: true })).toBe('-50%');
    expect(formatPercent(0.031, 'en', { signed: true, maximumFractionDigits: 1 })).toBe('+3.1%');
  });

  it('writes open interest and volume in lakh, the same notation in English and French (the unit is in the header)', () => {
    expect(formatLakh(3_640_000, 'en')).toBe('36.4');
    expect(formatLakh(3_640_000, 'fr')).toBe('36,4');
    expect(formatLakh(123_456_789, 'en')).toBe('1,234.6');
    expect(spaces(formatLakh(123_456_789, 'fr'))).toBe('1 234,6');
    // Below a lakh, two significant digits: a thin strike never reads 0.
    expect(formatLakh(3_250, 'en')).toBe('0.033');
    expect(formatLakh(65, 'fr')).toBe('0,00065');
    expect(formatLakh(0, 'en')).toBe('0');
    // A column reads evenly: a round figure keeps its decimal.
    expect(formatLakh(16_000_000, 'en')).toBe('160.0');
    expect(formatLakh(-1_820_000, 'en', { signDisplay: 'exceptZero' })).toBe('-18.2');
    expect(formatLakh(31_850_000, 'en', { signDisplay: 'exceptZero' })).toBe('+318.5');
    // Never a compact scale: no L, Cr, k or M in either language.
    for (const locale of ['en', 'fr'] as const) {
      for (const units of [4_875_000, 318_200, 3_640_000_000]) expect(formatLakh(units, locale)).not.toMatch(/[LkMC]/);
    }
  });

  it('writes a column of OI changes to one scale, two decimals each, signed, in English and French (issue 62)', () => {
    const column = [1_230_000, 45_000, -3_250, -65, 0, 16_000_000].map((units) => formatLakhChange(units, 'en'));
    expect(column).toEqual(['+12.30', '+0.45', '-0.03', '0.00', '0.00', '+160.00']);
    // Every figure has the same decimals: the column's unevenness the trader saw (+12.3 beside +0.033).
    expect(new Set(column.map((text) => text.split('.')[1]?.length))).toEqual(new Set([2]));
    expect(spaces(formatLakhChange(-123_456_789, 'fr'))).toBe('-1 234,57');
  });

  it('accepts a maximum below the default minimum instead of throwing', () => {
    expect(formatInr(1234.567, 'en', { maximumFractionDigits: 0 })).toBe('₹1,235');
  });
});

describe('dates and times (IST)', () => {
  it('writes French dates as DD/MM/YYYY and DD/MM/YYYY HH:mm:ss', () => {
    expect(formatDate(instant, 'fr')).toBe('21/11/2026');
    expect(formatDateTime(instant, 'fr')).toBe('21/11/2026 14:05:09');
  });

  it('writes English dates as DD MMM YYYY, with a 24-hour time', () => {
    expect(formatDate(instant, 'en')).toBe('21 Nov 2026');
    expect(formatDateTime(instant, 'en')).toBe('21 Nov 2026, 14:05:09');
    expect(formatTime(instant, 'en')).toBe('14:05:09');
  });

  it('writes a time on the minute (a broker session\'s end) as HH:mm in IST, in both languages', () => {
    expect(formatHourMinute('2026-11-22T00:30:00Z', 'en')).toBe('06:00');
    expect(formatHourMinute('2026-11-22T00:30:00Z', 'fr')).toBe('06:00');
    expect(formatHourMinute('never', 'fr')).toBe(NO_DATE);
  });

  it('uses the Indian calendar day, not the machine zone or UTC', () => {
    expect(formatDate(lateUtc, 'fr')).toBe('22/11/2026');
    expect(formatDateTime(lateUtc.getTime(), 'fr')).toBe('22/11/2026 01:30:00');
    expect(formatDate('2026-11-21', 'fr')).toBe('21/11/2026');
  });

  it('writes a near date without its year (an expiry in the phone desk\'s one line) on the Indian day', () => {
    expect(formatDayMonth('2026-12-01T10:00:00Z', 'en')).toBe('1 Dec');
    expect(formatDayMonth('2026-12-01T10:00:00Z', 'fr')).toBe('1 déc.');
    expect(formatDayMonth(lateUtc, 'en')).toBe('22 Nov');
    expect(formatDayMonth('never', 'en')).toBe(NO_DATE);
  });

  it('shows a dash for a missing or unreadable date instead of throwing', () => {
    expect(formatDate('not a date', 'en')).toBe(NO_DATE);
    expect(formatDateTime(Number.NaN, 'fr')).toBe(NO_DATE);
  });
});

async function renderIn(locale: 'en' | 'fr') {
  await preloadMessages(locale);
  return render(
    <I18nProvider locale={locale}>
      <Amounts />
    </I18nProvider>,
  );
}

function Amounts() {
  const format = useFormat();
  return (
    <>
      <p>
        {format.locale} {format.formatInr(123456.5)} {format.formatDateTime(instant)}
      </p>
      <p data-testid="signed">
        {format.formatSignedInr(-980.5)} {format.formatSignedInr(1250)} {format.formatInr(-42)} {format.formatSignedInr(0)}
      </p>
    </>
  );
}

describe('useFormat', () => {
  it('binds the formatters to the language on screen', async () => {
    const { unmount } = await renderIn('fr');
    expect(spaces(screen.getByText(/^fr /).textContent ?? '')).toBe(`fr ${isolate('123 456,50 ₹')} ${isolate('21/11/2026 14:05:09')}`);
    unmount();
    await renderIn('en');
    expect(screen.getByText(/^en /).textContent).toBe(`en ${isolate('₹1,23,456.50')} ${isolate('21 Nov 2026, 14:05:09')}`);
  });

  it('isolates every value it formats for display, so right-to-left layouts cannot pull it apart', async () => {
    await renderIn('en');
    const text = screen.getByText(/^en /).textContent ?? '';
    // First strong isolate … pop directional isolate, around the amount and around the date.
    expect(text.match(/\u2068[^\u2069]*\u2069/g)).toEqual(['\u2068₹1,23,456.50\u2069', '\u2068' + '21 Nov 2026, 14:05:09' + '\u2069']);
    expect(withoutIsolates(text)).toBe('en ₹1,23,456.50 21 Nov 2026, 14:05:09');
  });

  it('keeps an amount\'s sign on the line of its digits: a word joiner after the sign, nothing else changed', async () => {
    // Chromium breaks "-₹980.50" between the minus and the rupee sign in a narrow cell (the Position book at
    // 360 px put the minus alone at a line's end); the joiner forbids that break and is read back away.
    const { unmount } = await renderIn('en');
    const signed = screen.getByTestId('signed').textContent ?? '';
    expect(signed).toBe([`-${WJ}₹980.50`, `+${WJ}₹1,250.00`, `-${WJ}₹42.00`, '₹0.00'].map(isolate).join(' '));
    expect(withoutIsolates(signed)).toBe('-₹980.50 +₹1,250.00 -₹42.00 ₹0.00');
    unmount();
    // French writes the sign before digits already (-980,50 ₹): joined the same way, read back the same.
    await renderIn('fr');
    expect(spaces(withoutIsolates(screen.getByTestId('signed').textContent ?? ''))).toMatch(/^[-−]980,50 ₹ \+1 250,00 ₹ [-−]42,00 ₹ 0,00 ₹$/);
    expect(signJoined('−1,00 ₹')).toBe(`−${WJ}1,00 ₹`);
  });
});
