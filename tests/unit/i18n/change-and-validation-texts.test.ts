// @vitest-environment node
// The server texts that still reached a French trader in English (issue 24): a request the contract refuses
// (validation_failed, the field and the rule coded), the refusals of changing what is at the broker (modify,
// cancel, a stop-loss that would not reduce), Kite's refusals (its own words inside a coded French sentence),
// a bot leg's stop-loss alert and the kill switch's late close. The app's English says what the server's
// English says; the French is French.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { sayRefusal } from '@/i18n/say-refusal';
import { sayServerText } from '@/i18n/say-server-text';
import { ApiError } from '@/lib/api/api-error';
import { describeFailure } from '../../../server/contract/failure-messages.ts';
import { botTexts } from '../../../server/services/texts/bot-texts.ts';
import { liveTexts } from '../../../server/services/texts/live-texts.ts';
import { changeRefusalTexts } from '../../../server/services/texts/change-refusal-texts.ts';
import { amoWindowMinutes } from '../../../server/services/brokers/after-market.ts';
import { killSwitchRefusalTexts } from '../../../server/services/texts/kill-switch-refusal-texts.ts';
import { kiteCalls, kiteTexts } from '../../../server/services/texts/kite-texts.ts';
import { lateKillText } from '../../../server/services/texts/order-texts.ts';
import { refusalTexts } from '../../../server/services/texts/refusal-texts.ts';
import { said, words, type Said } from '../../../server/services/texts/said.ts';
import { validationTexts } from '../../../server/services/texts/validation-texts.ts';
import { en, fr, inFrench, plain } from '../support/server-text-intl.ts';

const ajvError = (keyword: string, instancePath: string, params: Record<string, unknown>): ErrorObject => ({ keyword, instancePath, schemaPath: `#/${keyword}`, params });

/** What the server answers for Ajv's first error, as a Said (its message and its code). */
const refused = (error: ErrorObject): Said => {
  const failure = describeFailure([error], 'body');
  if (failure.text === undefined) throw new Error(`"${failure.message}" was not coded`);
  return { text: failure.message, i18n: failure.text };
};

const written: [string, Said][] = [
  ['a quantity below its minimum', refused(ajvError('minimum', '/quantity', { limit: 1, comparison: '>=' }))],
  ['a price above its maximum', refused(ajvError('maximum', '/orders/0/price', { limit: 10000000, comparison: '<=' }))],
  ['a price with three decimals', refused(ajvError('multipleOf', '/price', { multipleOf: 0.01 }))],
  ['a missing trigger price', refused(ajvError('required', '/orders/1', { missingProperty: 'trigger_price' }))],
  ['an unknown field', refused(ajvError('additionalProperties', '', { additionalProperty: 'lots' }))],
  ['a name too short', refused(ajvError('minLength', '/name', { limit: 2 }))],
  ['an empty name', refused(ajvError('minLength', '/name', { limit: 1 }))],
  ['a description too long', refused(ajvError('maxLength', '/description', { limit: 1000 }))],
  ['a quantity that is not whole', refused(ajvError('type', '/quantity', { type: 'integer' }))],
  ['a nullable limit of the wrong type', refused(ajvError('type', '/max_loss_today', { type: 'number,null' }))],
  ['a bad email', refused(ajvError('format', '/email', { format: 'email' }))],
  ['a bad date and time', refused(ajvError('format', '/at', { format: 'date-time' }))],
  ['a bad mobile number', refused(ajvError('pattern', '/mobile', { pattern: '^x$' }))],
  ['a bad pattern elsewhere', refused(ajvError('pattern', '/tag', { pattern: '^x$' }))],
  ['an order type not in the list', refused(ajvError('enum', '/order_type', { allowedValues: ['MARKET', 'LIMIT', 'SL', 'SL-M'] }))],
  ['a step of 5', refused(ajvError('multipleOf', '/strike', { multipleOf: 5 }))],
  ['no order', refused(ajvError('minItems', '/orders', { limit: 1 }))],
  ['too many orders', refused(ajvError('maxItems', '/orders', { limit: 20 }))],
  ['an order id twice', refused(ajvError('uniqueItems', '/order_ids', { i: 0, j: 1 }))],
  ['a value of no allowed form', refused(ajvError('oneOf', '/params', { passingSchemas: null }))],
  ['a body that is no object', refused(ajvError('type', '', { type: 'object' }))],
  ['a modification with too few fields', refused(ajvError('minProperties', '', { limit: 3 }))],
  ['an exclusive bound', validationTexts.bound('level', 'exclusiveMinimum', 0)],
  ['a blank name (a service refusal)', validationTexts.notEmpty('name')],
  ['a final order modified', changeRefusalTexts.notWorking('260101000001', 'COMPLETE')],
  ['an order modified 25 times', changeRefusalTexts.modificationLimit('260101000001', 25)],
  ['a modification changing nothing', changeRefusalTexts.nothingToModify('260101000001', { ignored: 'none', orderType: 'LIMIT' })],
  ['a trigger on a LIMIT order', changeRefusalTexts.nothingToModify('260101000001', { ignored: 'trigger', orderType: 'LIMIT' })],
  ['a price on a MARKET order', changeRefusalTexts.nothingToModify('260101000001', { ignored: 'price', orderType: 'MARKET' })],
  ['a quantity below what filled', changeRefusalTexts.alreadyFilled(1950)],
  ['an AMO changed before its window', changeRefusalTexts.amoWindow('260101000001', 'modified', { from: '15:45' }, amoWindowMinutes)],
  ['an AMO cancelled before the open', changeRefusalTexts.amoWindow('260101000001', 'cancelled', { open_time: '09:15' }, amoWindowMinutes)],
  ['an AMO with no session ahead', changeRefusalTexts.amoWindow('260101000001', 'modified', null, amoWindowMinutes)],
  ['a stop-loss with no position', changeRefusalTexts.notReducing('stoploss', 0, { side: 'SELL', tradingsymbol: 'NIFTY2612026000CE', product: 'MIS' })],
  ['a target on a long position', changeRefusalTexts.notReducing('target', 130, { side: 'BUY', tradingsymbol: 'NIFTY2612026000CE', product: 'NRML' })],
  ['a stop-loss on a short position', changeRefusalTexts.notReducing('stoploss', -65, { side: 'SELL', tradingsymbol: 'NIFTY2612026000CE', product: 'MIS' })],
  ["Kite's refusal of an order", kiteTexts.refused(kiteCalls.orderFor('NIFTY2612026000CE'), 'MarginException', 'Insufficient funds.')],
  ["Kite's refusal of a modification", kiteTexts.refused(kiteCalls.modification('260101000001'), 'OrderException', 'Order cannot be modified as it is COMPLETE.')],
  ["Kite's refusal of a read", kiteTexts.refused(kiteCalls.portfolioMargin, 'PermissionException', 'Not allowed.')],
  ['Kite unavailable', kiteTexts.unavailable(kiteCalls.orderBook, 'Upstream down.')],
  ['Kite silent on a cancel', kiteTexts.outcomeUnknown(kiteCalls.cancellation('260101000001'))],
  ["Kite's 429", kiteTexts.rateLimitReached('Too many requests')],
  ['a Kite session ended', liveTexts.sessionEnded('Kite', null)],
  ['a Kite session ended, with why', liveTexts.sessionEnded('Kite', 'Incorrect `api_key` or `access_token`.')],
  ['an Upstox session ended, with why', liveTexts.sessionEnded('Upstox', 'Invalid token used to access API')],
  ['a burst above Kite’s second', kiteTexts.rateLimited('orders_burst', 10, 1)],
  ['Kite’s minute full', kiteTexts.rateLimited('orders_minute', 400, 60)],
  ['Kite’s day full', kiteTexts.rateLimited('orders_day', 5000, 21600)],
  ['a leg stop with its hedge', botTexts.legStopBody({ leg: 'NIFTY2612026000CE', hedges: ['NIFTY2612026500CE'], unsold: null, open: ['NIFTY2612026000PE'], atCost: true })],
  [
    'a leg stop whose hedge did not sell',
    botTexts.legStopBody({ leg: 'NIFTY2612026000CE', hedges: [], unsold: refusalTexts.noPrice('NIFTY2612026500CE'), open: ['NIFTY2612026000PE', 'NIFTY2612026500CE'], atCost: false }),
  ],
  ['a late kill, everything filled', lateKillText({ cancelled: 0, filled: 2, unfilled: 0 })],
  ['a late kill, exits not filled', lateKillText({ cancelled: 1, filled: 1, unfilled: 2 })],
  ['a kill switch turned off without the account number', killSwitchRefusalTexts.confirmationMismatch('ZP1234')],
  ['a profit lock set by half', killSwitchRefusalTexts.profitLockHalf],
];

describe("the app's English is the server's English", () => {
  it.each(written)('%s', (_, text) => {
    expect(sayServerText(en, text.i18n, '(no code)')).toBe(text.text);
  });
});

describe('said in French', () => {
  it.each(written)('%s has French words', (_, text) => {
    expect(inFrench(text)).not.toBe(text.text);
    // Kite's own words, quoted « … », are the only English left.
    expect(inFrench(text).replace(/«[^»]*»/g, '')).not.toMatch(/\b(must|the order|is required|refused|cannot)\b/);
  });

  it('a form’s refusal names the field in French and says the rule', () => {
    expect(inFrench(refused(ajvError('minimum', '/quantity', { limit: 1, comparison: '>=' })))).toBe('La quantité doit être d’au moins 1.');
    expect(inFrench(refused(ajvError('maximum', '/orders/0/price', { limit: 10000000, comparison: '<=' })))).toBe('Le prix doit être d’au plus 10 000 000.');
    expect(inFrench(refused(ajvError('multipleOf', '/price', { multipleOf: 0.01 })))).toBe('Le prix doit avoir au plus 2 décimales.');
    expect(inFrench(refused(ajvError('required', '/orders/1', { missingProperty: 'trigger_price' })))).toBe('Le prix de déclenchement est obligatoire.');
    expect(inFrench(validationTexts.bound('level', 'exclusiveMinimum', 0.05))).toBe('Le niveau doit dépasser 0,05.');
    // A field no form sends keeps its name, in a French sentence.
    expect(inFrench(refused(ajvError('pattern', '/tag', { pattern: '^x$' })))).toBe('Le champ « tag » n’est pas au format attendu.');
  });

  it('a refused modification, in the words the Modify dialog shows', () => {
    const final = changeRefusalTexts.notWorking('260101000001', 'CANCELLED');
    const error = new ApiError('rejected', final.text, { status: 422, code: 'order_not_working', text: final.i18n });
    expect(plain(sayRefusal(fr, error))).toBe('L’ordre 260101000001 est annulé et ne peut plus être modifié.');
    expect(inFrench(changeRefusalTexts.modificationLimit('260101000001', 25))).toBe(
      'L’ordre 260101000001 a déjà été modifié 25 fois, le maximum autorisé pour un ordre. Annulez-le et passez-en un nouveau.',
    );
    const order = { side: 'BUY' as const, tradingsymbol: 'NIFTY2612026000CE', product: 'NRML' };
    // The side named is the one that reduces the position, whatever side the refused order was.
    expect(inFrench(changeRefusalTexts.notReducing('target', 130, order))).toBe('Un objectif doit réduire la position (VENTE d’au plus 130) : la position est acheteuse de 130.');
    expect(inFrench(changeRefusalTexts.notReducing('stoploss', -65, { ...order, side: 'SELL' }))).toBe('Un stop-loss doit réduire la position (ACHAT d’au plus 65) : la position est vendeuse de 65.');
    expect(inFrench(changeRefusalTexts.notReducing('stoploss', 0, order))).toBe('Un stop-loss doit réduire une position ouverte : il n’y a pas de position NRML ouverte sur NIFTY2612026000CE.');
  });

  it("Kite's own words stay as Kite wrote them, inside a French sentence keyed by Kite's error type", () => {
    expect(inFrench(kiteTexts.refused(kiteCalls.orderFor('NIFTY2612026000CE'), 'MarginException', 'Insufficient funds.'))).toBe(
      'Kite a refusé l’ordre pour NIFTY2612026000CE (marge insuffisante) : « Insufficient funds. »',
    );
    expect(inFrench(kiteTexts.refused(kiteCalls.modification('260101000001'), 'GeneralException', 'Oops.'))).toBe(
      'Kite a refusé la modification de l’ordre 260101000001 : « Oops. »',
    );
  });

  it("a leg's stop-loss alert and the late kill switch's close, with a reason inside", () => {
    const body = botTexts.legStopBody({ leg: 'NIFTY2612026000CE', hedges: [], unsold: refusalTexts.noPrice('NIFTY2612026500CE'), open: ['NIFTY2612026000PE'], atCost: false });
    expect(inFrench(body)).toBe(
      'NIFTY2612026000CE racheté. Sa couverture n’a pas été vendue (Pas de cours pour NIFTY2612026500CE pour le moment. Réessayez dans un instant.) : elle reste jusqu’à la sortie de la position. Encore ouvertes : NIFTY2612026000PE.',
    );
    expect(inFrench(lateKillText({ cancelled: 0, filled: 2, unfilled: 0 }))).toBe(
      'Le coupe-circuit a été activé pendant le passage de cet ordre, tout a donc été fermé aussitôt : 0 ordre en cours annulé, 2 sorties exécutées.',
    );
    const stopped = said('bot.stopped_kill_switch', { reason: lateKillText({ cancelled: 1, filled: 1, unfilled: 1 }).i18n }, '');
    expect(inFrench(stopped)).toMatch(/^Coupe-circuit : Le coupe-circuit a été activé .*1 sortie non exécutée : fermez vous-même ce qui reste\.$/);
  });

  it('the kill switch page’s refusals', () => {
    expect(inFrench(killSwitchRefusalTexts.confirmationMismatch('ZP1234'))).toBe('Saisissez le numéro de compte, ZP1234, pour désactiver son coupe-circuit.');
    // The end of the cool-off: its IST day written as a French date, its IST time.
    const coolOff = killSwitchRefusalTexts.coolingOff('ZP1234', new Date('2026-11-24T20:30:00Z'));
    expect(coolOff.text).toBe('The kill switch of ZP1234 can be turned off from 2026-11-25 02:00 IST, the cool-off chosen when it was turned on.');
    expect(inFrench(coolOff)).toBe('Le coupe-circuit de ZP1234 pourra être désactivé à partir du 25/11/2026 à 02:00 IST, le délai de réflexion choisi à son activation.');
  });

  it("the kill switch alert's body: its reason and summary, each in French", () => {
    const body = said('alert.kill_switch_body', { reason: said('kill_switch.max_loss', { loss: 5000, limit: 4000 }, '').i18n, summary: words('Nothing was open.').i18n }, '');
    expect(inFrench(body)).toMatch(/Nothing was open\.$/);
    expect(inFrench(body)).not.toMatch(/^\{/);
  });
});
