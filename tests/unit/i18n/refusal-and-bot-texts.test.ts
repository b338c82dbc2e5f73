// @vitest-environment node
// The refusals an order meets before the broker (the Error answer's details.text) and the reasons a bot's
// history shows (why an entry failed, was skipped, or why the day ended), said on the device (issue 24): the
// app's English says what the server's English says, and a French trader reads them in French.
import { describe, expect, it } from 'vitest';
import { sayRefusal } from '@/i18n/say-refusal';
import { sayServerText } from '@/i18n/say-server-text';
import { ApiError } from '@/lib/api/api-error';
import { botTexts } from '../../../server/services/texts/bot-texts.ts';
import { killSwitchText } from '../../../server/services/texts/order-texts.ts';
import { refusalTexts } from '../../../server/services/texts/refusal-texts.ts';
import { words, type Said } from '../../../server/services/texts/said.ts';
import { en, fr, inFrench, plain } from '../support/server-text-intl.ts';

const noPrice = refusalTexts.noPrice('NIFTY2612026000PE');
const written: [string, Said][] = [
  ['lots per order', refusalTexts.riskLotsPerOrder(4, 'NIFTY2612026000CE', 2)],
  ['trades today', refusalTexts.riskTradesToday(5, 5)],
  ['open positions', refusalTexts.riskOpenPositions(4, 3)],
  ['orders a day', refusalTexts.ratePerDay(5000, 5000)],
  ['orders a second', refusalTexts.ratePerSecond(10)],
  ['orders a minute', refusalTexts.ratePerMinute(400)],
  ['a request above a second', refusalTexts.requestPerSecond(12, 10)],
  ['a request above a minute', refusalTexts.requestPerMinute(420, 400)],
  ['a minute already full', refusalTexts.requestMinuteFull(20, 390, 400)],
  ['too many slices', refusalTexts.tooManySlices(50000, 'NIFTY2612026000CE', 28, 1800, 20)],
  ['an unlisted contract', refusalTexts.notListed('NFO', 'NIFTY2612026000XX')],
  ['no price', noPrice],
  ['a session over', refusalTexts.brokerSessionExpired],
  ['a key still running', refusalTexts.idempotencyInProgress],
  ['a key reused', refusalTexts.idempotencyKeyReused],
  ['an exit reason', botTexts.exitReason('trailing_stop')],
  ['an entry refused', botTexts.entryRefused(botTexts.orderRefused('NIFTY2612026000PE', noPrice))],
  ['an entry refused without a reason', botTexts.entryRefused(null)],
  ['an entry partly refused', botTexts.entryPartlyRefused(botTexts.orderRefused('NIFTY2612026000PE', noPrice))],
  ['an entry missed', botTexts.missedLate('09:20', 15)],
  ['an entry interrupted', botTexts.missedInterrupted],
  ['a missed entry alert', botTexts.missedTitle('Expiry straddle')],
];

describe("the app's English is the server's English", () => {
  it.each(written)('%s', (_, said) => {
    expect(sayServerText(en, said.i18n, '(no code)')).toBe(said.text);
  });
});

describe('said in French', () => {
  it.each(written)('%s has French words', (_, said) => {
    expect(inFrench(said)).not.toBe(said.text);
  });

  it("a bot's failed entry: the broker's coded reason inside the bot's words", () => {
    const failure = botTexts.orderRefused('NIFTY2612026000PE', noPrice);
    expect(inFrench(failure)).toBe('NIFTY2612026000PE : Pas de cours pour NIFTY2612026000PE pour le moment. Réessayez dans un instant.');
    expect(inFrench(botTexts.entryRefused(failure))).toBe(
      'Entrée refusée : NIFTY2612026000PE : Pas de cours pour NIFTY2612026000PE pour le moment. Réessayez dans un instant.',
    );
    expect(inFrench(botTexts.missedLate('09:20', 15))).toBe(
      'Entrée de 09:20 manquée : le moteur avait 15 minutes de retard (plus de 10), il n’est donc pas entré',
    );
  });

  it("a live broker's own words stay as they are inside a bot's reason", () => {
    expect(inFrench(botTexts.entryRefused(words('Kite: RMS rule breached')))).toBe('Entrée refusée : Kite: RMS rule breached');
  });

  it('a refusal the ticket shows, from the Error answer’s details.text', () => {
    const limit = refusalTexts.riskLotsPerOrder(4, 'NIFTY2612026000CE', 2);
    const refused = new ApiError('rejected', limit.text, { status: 422, code: 'risk_limit_exceeded', text: limit.i18n });
    expect(plain(sayRefusal(fr, refused))).toBe(
      '4 lots de NIFTY2612026000CE dépassent votre limite de 2 lots par ordre. Modifiez les limites de risque du compte sur la page Coupe-circuit si c’est voulu.',
    );
    const armed = killSwitchText('ZP1234', new Date('2026-11-24T04:30:00Z'));
    expect(plain(sayRefusal(fr, new ApiError('rejected', armed.text, { status: 403, text: armed.i18n })))).toMatch(/^Le coupe-circuit du compte ZP1234/);
    // Without a code (a refusal not coded yet, another backend), the server's words as they are.
    expect(sayRefusal(fr, new ApiError('rejected', 'Portfolio not found'))).toBe('Portfolio not found');
  });
});
