// The card's words for a bot's day (issue 41): after an exit, a bot that will enter again today reads as
// waiting for its next entry, a bot done for the day reads so; never "exited" while it can still trade.
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { BotToday } from '@/features/portfolios/components/bot-today';
import { dayWordsOf } from '@/features/portfolios/model/day-state-words';
import { frMessages } from '@/i18n/locales/fr/index';
import { botState } from '../bot-state-fixtures';

describe('the state-to-words rule', () => {
  it('a bot waiting after it entered today waits for its next entry; one not yet entered just waits', () => {
    expect(dayWordsOf({ state: 'waiting', entries_today: 1 })).toBe('waiting_next');
    expect(dayWordsOf({ state: 'waiting', entries_today: 3 })).toBe('waiting_next');
    expect(dayWordsOf({ state: 'waiting', entries_today: 0 })).toBe('waiting');
  });

  it('a bot the server says exited is done for the day, however many entries', () => {
    expect(dayWordsOf({ state: 'exited', entries_today: 1 })).toBe('done');
    expect(dayWordsOf({ state: 'exited', entries_today: 0 })).toBe('done');
  });

  it('every other state is said as it is', () => {
    for (const state of ['in_position', 'stopped', 'paused', 'not_today', 'missed'] as const) expect(dayWordsOf({ state, entries_today: 1 })).toBe(state);
  });
});

describe('the card says it in the trader’s language', () => {
  const say = (over: Parameters<typeof botState>[2], locale: 'en' | 'fr') => {
    document.body.innerHTML = '';
    render(
      <IntlProvider locale={locale} messages={locale === 'fr' ? frMessages : undefined}>
        <BotToday state={botState({ id: 1 }, 'trading', over)} />
      </IntlProvider>,
    );
    return screen.getByText((_, element) => element?.tagName === 'SPAN' && element.className.includes('rounded px-2')).textContent;
  };

  it('in English and French', () => {
    expect(say({ state: 'waiting', entries_today: 1 }, 'en')).toBe('Waiting for its next entry');
    expect(say({ state: 'exited', entries_today: 1 }, 'en')).toBe('Done for today');
    expect(say({ state: 'waiting', entries_today: 0 }, 'en')).toBe('Waiting');
    expect(say({ state: 'waiting', entries_today: 1 }, 'fr')).toBe('En attente de sa prochaine entrée');
    expect(say({ state: 'exited', entries_today: 1 }, 'fr')).toBe('Terminé pour aujourd’hui');
  });
});
