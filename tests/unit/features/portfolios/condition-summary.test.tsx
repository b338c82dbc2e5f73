// The bot form says a bot's conditions, product and stop-loss unit in words (issue 40), from the values on the
// form now, in English and French; nothing is said of a setting the strategy does not have.
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ConditionSummary } from '@/features/portfolios/components/condition-summary';
import type { FieldValue } from '@/features/portfolios/model/param-rules';
import { frMessages } from '@/i18n/locales/fr/index';
import { sessionFactsAtom } from '@/lib/market/session-facts';
import { store } from '@/lib/store';
import { plainText } from '../../support/plain-text';

function summary(params: Record<string, FieldValue>, locale: 'en' | 'fr' = 'en'): string[] {
  const values = Object.fromEntries(Object.entries(params).map(([key, value]) => [`params.${key}`, value]));
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <ConditionSummary values={values} />
    </IntlProvider>,
  );
  const box = screen.queryByTestId('condition-summary');
  return box === null ? [] : [...box.querySelectorAll('p')].map((p) => plainText(p.textContent ?? ''));
}

describe('what the bot will do', () => {
  it('says a fall of the straddle in percent or points, which straddle, and that a stale cross is not acted on', () => {
    expect(summary({ entry_condition: 'premium_falls', exit_condition: 'none', condition_strikes_at: '09:30', premium_move: '25', premium_move_unit: 'percent' })).toEqual([
      'Enters on the first completed minute, from its entry time on, that the straddle fixed at 09:30 falls 25 % below its premium at 09:30.',
      'The straddle is the call and put of the bot’s expiry at the strike nearest the index at 09:30. A condition is read on each completed minute: a cross that happened while the server was down is not acted on.',
    ]);
  });

  it('says how the VWAP is weighed where prices have no volume, MIS and points', () => {
    const said = summary({ entry_condition: 'none', exit_condition: 'premium_crosses_below_vwap', condition_strikes_at: '09:20', product: 'MIS', risk_unit: 'points', stop_loss_points: '40', target_points: '80' });
    expect(said[0]).toBe('Enters at its entry time.');
    expect(said[1]).toBe('Exits when the premium of the straddle fixed at 09:20 crosses below its VWAP.');
    expect(said[3]).toMatch(/^VWAP from 09:20, each minute weighed by the two legs’ traded volume.*every minute then weighs the same/);
    expect(said.slice(4)).toEqual([
      'MIS: the bot exits a minute before the broker squares MIS positions off, and enters no later.',
      'Stop-loss 40 points and target 80 points of the combined premium; the Stop-loss (%) and Target (%) above are not used.',
    ]);
  });

  it("says today's MIS cut-off as the server gave it, never an hour of its own (a Muhurat session's 18:50)", () => {
    store.set(sessionFactsAtom, { closes: {}, today: { day: '2026-11-08', open: '18:00', close: '19:15', mis_square_off: '18:50' } });
    try {
      expect(summary({ product: 'MIS' })).toContain('MIS: the bot exits a minute before the broker squares MIS positions off (today at 18:50 IST, so the bot is out by 18:49), and enters no later.');
      cleanup();
      expect(summary({ product: 'MIS' }, 'fr')).toContain('MIS : le bot sort une minute avant que le courtier solde les positions MIS (aujourd’hui à 18:50 IST : le bot est sorti à 18:49), et n’entre plus après.');
    } finally {
      store.set(sessionFactsAtom, { closes: {}, today: null });
    }
  });

  it('says an IV condition in French', () => {
    expect(summary({ entry_condition: 'iv_crosses_above', exit_condition: 'iv_below', iv_level: '14.5' }, 'fr')).toEqual([
      'Entre quand l’IV à la monnaie de son échéance franchit 14,5 % à la hausse sur une minute terminée.',
      'Sort quand l’IV à la monnaie de son échéance est sous 14,5 %.',
    ]);
  });

  it('says nothing for a strategy without these settings', () => {
    expect(summary({ strike_offset: '0' })).toEqual([]);
  });
});
