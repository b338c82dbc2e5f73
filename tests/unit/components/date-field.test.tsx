// The order book's and the positions' trading day: shown and typed DD/MM/YYYY in the interface language,
// never in the browser's own (US) order, and read back as the ISO day the API takes.
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from '@/components/ui/date-field';
import { I18nProvider, preloadMessages } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locale';
import { parseTypedDay, typedDayOf } from '@/lib/format/typed-day';

function Day({ initial, onDay, emptyIsToday = false }: { initial: string; onDay: (day: string) => void; emptyIsToday?: boolean }) {
  const [day, setDay] = useState(initial);
  return (
    <DateField
      label="Trading day"
      emptyIsToday={emptyIsToday}
      value={day}
      onDayChange={(next) => {
        setDay(next);
        onDay(next);
      }}
    />
  );
}

async function renderDay(locale: Locale, initial: string, onDay = vi.fn(), emptyIsToday = false) {
  await preloadMessages(locale);
  render(
    <I18nProvider locale={locale}>
      <Day initial={initial} onDay={onDay} emptyIsToday={emptyIsToday} />
    </I18nProvider>,
  );
  return { field: screen.getByRole('textbox', { name: 'Trading day' }), onDay };
}

describe('typed days', () => {
  it.each([
    ['05/01/2026', '2026-01-05'],
    ['5/1/2026', '2026-01-05'],
    ['31-12-2026', '2026-12-31'],
    ['29.02.2028', '2028-02-29'],
    ['2026-01-05', '2026-01-05'],
    ['31/02/2026', null],
    ['01/13/2026', null],
    ['12/2026', null],
    ['demain', null],
  ])('"%s" is %s', (text, day) => {
    expect(parseTypedDay(text)).toBe(day);
  });

  it('an ISO day shows day first', () => {
    expect(typedDayOf('2026-01-05')).toBe('05/01/2026');
  });
});

describe('DateField', () => {
  it('in French shows the day as DD/MM/YYYY with a French hint', async () => {
    const { field } = await renderDay('fr', '2026-01-05');
    expect(field).toHaveProperty('value', '05/01/2026');
    expect(field.getAttribute('placeholder')).toBe('JJ/MM/AAAA');
    expect(field).toHaveProperty('type', 'text');
  });

  it('reads a typed day first, not month first, when the field is left', async () => {
    const user = userEvent.setup();
    const { field, onDay } = await renderDay('fr', '');
    await user.type(field, '7/2/2026');
    await user.tab();
    expect(onDay).toHaveBeenLastCalledWith('2026-02-07');
    expect(field).toHaveProperty('value', '07/02/2026');
  });

  it('says in French why a day is not one, and keeps the day it had', async () => {
    const user = userEvent.setup();
    const { field, onDay } = await renderDay('fr', '2026-01-05');
    await user.clear(field);
    await user.type(field, '31/02/2026{Enter}');
    expect(screen.getByText('Saisissez un jour au format JJ/MM/AAAA, par exemple 05/01/2026.')).toBeTruthy();
    expect(onDay).not.toHaveBeenCalled();
  });

  it("a book's day, empty, says it shows today's, in en and fr (issue 62)", async () => {
    const { field } = await renderDay('en', '', vi.fn(), true);
    expect(field.getAttribute('placeholder')).toBe('Today, or DD/MM/YYYY');
    cleanup();
    const french = await renderDay('fr', '', vi.fn(), true);
    expect(french.field.getAttribute('placeholder')).toBe('Aujourd’hui, ou JJ/MM/AAAA');
  });

  it('emptied, it asks for no day (today)', async () => {
    const user = userEvent.setup();
    const { field, onDay } = await renderDay('en', '2026-01-05');
    await user.clear(field);
    await user.tab();
    expect(onDay).toHaveBeenLastCalledWith('');
  });
});
