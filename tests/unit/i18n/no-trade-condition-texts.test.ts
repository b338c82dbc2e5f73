// @vitest-environment node
// Why a backtested bot with an entry condition did not enter (issue 62), said on the device: the app's English
// says what the server's English says (the condition's words inside the day's reason), and in French.
import { describe, expect, it } from 'vitest';
import { sayServerText } from '@/i18n/say-server-text';
import { conditionMissReason } from '../../../server/services/bots/engine/condition-miss-reason.ts';
import type { Said } from '../../../server/services/texts/said.ts';
import { en, inFrench } from '../support/server-text-intl.ts';

const falls = { entry_condition: 'premium_falls', premium_move: 20, premium_move_unit: 'percent', condition_strikes_at: '09:20' };
const window = { from: '09:20', until: '15:15' };
// 09:20 IST on 28 January 2025.
const minute = Date.parse('2025-01-28T03:50:00Z');
const said: [string, Said][] = [
  ['no index price', conditionMissReason(falls, { day: '2025-01-28', miss: { why: 'no_index', minute }, low: null, high: null }, window, true)],
  ['no prices, modelled day', conditionMissReason(falls, { day: '2025-01-28', miss: { why: 'no_prices', minute }, low: null, high: null }, window, true)],
  ['no prices, minutes imported', conditionMissReason({ ...falls, premium_move: 30, premium_move_unit: 'points' }, { day: '2025-01-28', miss: { why: 'no_prices', minute }, low: null, high: null }, window, false)],
  [
    'the premiums seen',
    conditionMissReason(falls, { day: '2025-01-28', miss: { why: 'not_met', minute, reference: 197.45, last: 181.2 }, low: 171.05, high: 1203.5 }, window, true),
  ],
  ['an IV', conditionMissReason({ entry_condition: 'iv_crosses_above', iv_level: 18 }, { day: '2025-01-28', miss: { why: 'not_met', minute, iv: 14.234 }, low: null, high: null }, window, false)],
  ['a VWAP before its fixing minute', conditionMissReason({ ...falls, entry_condition: 'premium_crosses_below_vwap' }, { day: '2025-01-28', miss: { why: 'not_yet', minute }, low: null, high: null }, window, false)],
];

describe("an entry condition's failure in the app's English is the server's", () => {
  it.each(said)('%s', (_, text) => {
    expect(sayServerText(en, text.i18n, '(no code)')).toBe(text.text);
  });

  it('names the condition, the window and the premiums, with where the prices came from', () => {
    expect(said[3]![1].text).toBe(
      'Its entry condition (the 09:20 straddle falls 20 % from its 09:20 premium) was not met between 09:20 and 15:15: the straddle was ₹197.45 at 09:20, then between ₹171.05 and ₹1,203.50, on prices modelled from the day’s bhavcopy (no minute prices imported).',
    );
    expect(said[4]![1].text).toBe('Its entry condition (the ATM IV crosses above 18 %) was not met between 09:20 and 15:15: the ATM IV was 14.23 % on the last minute read.');
  });
});

describe('said in French', () => {
  it.each(said)('%s', (_, text) => {
    expect(inFrench(text)).not.toBe(text.text);
  });

  it('the condition inside the reason', () => {
    expect(inFrench(said[1]![1])).toBe(
      'Sa condition d’entrée (le straddle de 09:20 baisse de 20 % depuis sa prime de 09:20) n’a pas pu être lue : pas de prix pour les jambes du straddle à 09:20 (le jour n’a pas de prix à la minute : son bhavcopy seulement).',
    );
  });
});
