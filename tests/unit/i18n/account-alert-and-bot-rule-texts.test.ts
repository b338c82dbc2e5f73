// @vitest-environment node
// The refusals that still reached a French trader in English (issue 24): "not found" answers, the price-alert
// form's and a push device's refusals, linking and logging in to a broker account, a bot's configuration the
// server refuses, and fetching Kite's historical candles. The app's English says what the server's English
// says; the French is French, with Kite's own words quoted as Kite wrote them.
import { describe, expect, it } from 'vitest';
import { sayRefusal } from '@/i18n/say-refusal';
import { sayServerText } from '@/i18n/say-server-text';
import { ApiError } from '@/lib/api/api-error';
import { priceAlertTexts, pushDeviceTexts, pushFailures, pushTestTexts } from '../../../server/services/texts/alert-refusal-texts.ts';
import { botRuleTexts } from '../../../server/services/texts/bot-rule-texts.ts';
import { brokerAccountTexts, brokerLoginTexts } from '../../../server/services/texts/broker-account-texts.ts';
import { kiteHistoryTexts } from '../../../server/services/texts/kite-history-texts.ts';
import { throttleTexts } from '../../../server/services/texts/throttle-texts.ts';
import { accountTexts } from '../../../server/services/texts/account-texts.ts';
import { notFoundTexts, missingThings, type MissingThing } from '../../../server/services/texts/not-found-texts.ts';
import type { Said } from '../../../server/services/texts/said.ts';
import { validationTexts } from '../../../server/services/texts/validation-texts.ts';
import { en, fr, inFrench, plain } from '../support/server-text-intl.ts';

const freeze = { underlying: 'NIFTY', freezeLots: 27, freezeQuantity: 1800, lotSize: 65 };

const written: [string, Said][] = [
  ...(Object.keys(missingThings) as MissingThing[]).map((thing): [string, Said] => [`a missing ${thing}`, notFoundTexts.thing(thing)]),
  ['a missing account by its number', notFoundTexts.account('ZP1234')],
  ['an order not in the book', notFoundTexts.order('260101000001', 'account')],
  ['an order not in Kite’s book', notFoundTexts.order('260101000001', 'kite')],
  ['an index the market does not have', notFoundTexts.index('SENSEX50')],
  ['a price alert at 0', priceAlertTexts.levelNotPositive],
  ['a price alert on no known symbol', priceAlertTexts.unknownSymbol('NIFTY26X', ['BANKNIFTY', 'NIFTY'])],
  ['one price alert too many', priceAlertTexts.tooMany(50)],
  ['a push key that is no P-256 key', pushDeviceTexts.badPublicKey],
  ['a push auth secret of the wrong size', pushDeviceTexts.badAuthSecret],
  ['a device with no name', pushDeviceTexts.labelRequired],
  ...(['not_https', 'port', 'host', 'address', 'unresolved'] as const).map((refusal): [string, Said] => [`a push endpoint refused (${refusal})`, pushDeviceTexts.endpointRefused(refusal)]),
  ['one device too many', pushDeviceTexts.tooMany(10)],
  ['a test notification’s title', pushTestTexts.title],
  ['a test notification’s body', pushTestTexts.body],
  ['a test notification sent', pushTestTexts.sent],
  ['a test notification’s device gone', pushTestTexts.gone],
  ['a test notification not delivered', pushTestTexts.notDelivered(pushFailures.unreachable)],
  ['an account linked meanwhile', brokerAccountTexts.linkedMeanwhile],
  ['an unknown broker', brokerAccountTexts.unknownBroker('upstox')],
  ['an account number linked twice', brokerAccountTexts.numberLinked('ZP1234')],
  ['an API key linked twice', brokerAccountTexts.apiKeyLinked],
  ['a capital below the portfolios', brokerAccountTexts.capitalBelowPortfolios(400000, 350000)],
  ['portfolios above the capital', brokerAccountTexts.portfoliosAboveCapital(300000.5, 300000)],
  ['another broker’s login', brokerAccountTexts.wrongBroker('kite', 'paper')],
  ['a broker not traded through', brokerAccountTexts.tradingUnavailable('upstox')],
  ['a secret no longer readable', brokerAccountTexts.secretUnreadable],
  ['a paper login link used', brokerLoginTexts.linkExpired],
  ['a paper login with the wrong secret', brokerLoginTexts.paperChecksum],
  ['a Kite login with the wrong secret', brokerLoginTexts.kiteChecksum],
  ['a Kite login used', brokerLoginTexts.kiteLinkExpired],
  ['a Kite login refused', brokerLoginTexts.kiteRefused('Invalid request token.')],
  ['Kite unreachable at login', brokerLoginTexts.kiteUnreachable('connect ECONNREFUSED')],
  ['another client ID at Kite', brokerLoginTexts.clientIdMismatch('Kite', 'AB1234', 'ZP1234')],
  ['another UCC at Upstox', brokerLoginTexts.clientIdMismatch('Upstox', 'AB1234', 'ZP1234')],
  ['a login state not this account’s', brokerLoginTexts.stateInvalid],
  ['an Upstox login refused', brokerLoginTexts.upstoxRefused('Invalid Credentials')],
  ['Upstox unreachable at login', brokerLoginTexts.upstoxUnreachable('connect ECONNREFUSED')],
  ['an unknown base strategy', botRuleTexts.unknownBaseStrategy(1234)],
  ['a bot param refused', botRuleTexts.invalidParams(validationTexts.bound('params.strike_offset', 'maximum', 10), 'Short straddle')],
  ['lots above the freeze', botRuleTexts.lotsAboveFreeze(freeze, 30)],
  ['a bot entry outside market hours', botRuleTexts.outsideMarketHours('entry_time', '08:00', { open: '09:15', close: '15:30' })],
  ['a bot exit outside the special session of its entry', botRuleTexts.outsideSpecialSession('exit_time', '19:30', { day: '2026-11-08', open: '18:00', close: '19:00' }, 'entry_time')],
  ['an entry window backwards', botRuleTexts.entryWindowBackwards('10:00')],
  ['an exit inside the entry window', botRuleTexts.exitInsideEntryWindow('14:30')],
  ['an exit before the entry', botRuleTexts.exitBeforeEntry('09:20')],
  ['a bot in another portfolio than the path', botRuleTexts.portfolioOfPath(1234, 5678)],
  ['a bot moved to another portfolio', botRuleTexts.staysInPortfolio(1234, 5678)],
  ['another daily bot’s id', botRuleTexts.otherBot('daily_bot', 1234, 5678)],
  ['another trading bot’s id', botRuleTexts.otherBot('trading_bot', 12, 13)],
  ['a pause with a position and no choice', botRuleTexts.pauseChoiceRequired],
  ['no index level at the broker', botRuleTexts.noIndexLevel('NIFTY')],
  ['a strategy with no legs', botRuleTexts.noLegsAround('calendar')],
  ['a live bot on paper', botRuleTexts.liveOnPaper('ZP1234')],
  ['a paper bot on a live account', botRuleTexts.liveRequired('ZP1234')],
  ['a live bot with no broker session', botRuleTexts.liveLoginFirst('ZP1234')],
  ['a live bot with no maximum loss', botRuleTexts.liveMaxLossRequired('ZP1234')],
  ['a live bot not confirmed', botRuleTexts.liveConfirmation('ZP1234')],
  ['Kite with no historical data', kiteHistoryTexts.notEnabled('Insufficient permission for that call.')],
  ['a history range backwards', kiteHistoryTexts.fromAfterTo],
  ['a Kite range in the future', kiteHistoryTexts.toInFuture],
  ['a Kite range too long', kiteHistoryTexts.rangeTooLong(366, 400)],
  ['a paper account asked for Kite candles', kiteHistoryTexts.notKiteAccount('Demo', 'paper')],
  ['too many attempts, a second to wait', throttleTexts.tooManyAttempts(1)],
  ['too many attempts, seconds to wait', throttleTexts.tooManyAttempts(42)],
  ['too many attempts, a minute to wait', throttleTexts.tooManyAttempts(60)],
  ['too many attempts, minutes to wait', throttleTexts.tooManyAttempts(125)],
  ['every password check taken', throttleTexts.serverBusy],
  ['too many live streams', throttleTexts.tooManyStreams(8)],
  ['a common password', accountTexts.weakPassword],
  ['a wrong email or password', accountTexts.invalidCredentials],
  ['an email taken', accountTexts.emailTaken],
  ['a wrong current password', accountTexts.invalidCurrentPassword],
  ['a portfolio of another account', brokerAccountTexts.portfolioNotOfAccount],
];

/** Texts with an ISO day inside: the app writes the day as a date ("25 Nov 2026", "25/11/2026"). */
const dated: [string, Said, string, string][] = [
  [
    'an expired option’s alert',
    priceAlertTexts.expired('NIFTY2611226000CE', '2026-11-12'),
    'NIFTY2611226000CE expired on 12 Nov 2026. Pick a current expiry.',
    'NIFTY2611226000CE a expiré le 12/11/2026. Choisissez une échéance en cours.',
  ],
  [
    'an expiry the index does not have',
    notFoundTexts.expiry('NIFTY', '2026-11-13'),
    'NIFTY has no expiry on 13 Nov 2026: choose one of its expiries',
    'NIFTY n’a pas d’échéance le 13/11/2026 : choisissez l’une de ses échéances',
  ],
  [
    'no Kite candles in a range',
    kiteHistoryTexts.noCandles('NIFTY', '2026-11-21', '2026-11-22'),
    'Kite has no minute candles of NIFTY from 21 Nov 2026 to 22 Nov 2026 (weekends and holidays have none).',
    'Kite n’a aucune bougie minute de NIFTY du 21/11/2026 au 22/11/2026 (les week-ends et jours fériés n’en ont pas).',
  ],
];

const english = /\b(must|the|not found|already|refused|cannot|could not|your|choose|account's|login)\b/i;

describe("the app's English is the server's English", () => {
  it.each(written)('%s', (_, text) => {
    expect(sayServerText(en, text.i18n, '(no code)')).toBe(text.text);
  });

  it.each(dated)('%s, its day written as a date', (_, text, english) => {
    expect(plain(sayServerText(en, text.i18n, '(no code)'))).toBe(english);
  });
});

describe('said in French', () => {
  it.each(written)('%s has French words', (_, text) => {
    expect(inFrench(text)).not.toBe(text.text);
    // Kite's own words, quoted « … », are the only English left.
    expect(inFrench(text).replace(/«[^»]*»/g, '')).not.toMatch(english);
  });

  it.each(dated)('%s, its day a French date', (_, text, _english, french) => {
    expect(inFrench(text)).toBe(french);
  });

  it('a price alert refused, as the form says it', () => {
    const tooMany = priceAlertTexts.tooMany(50);
    const error = new ApiError('rejected', tooMany.text, { status: 422, code: 'invalid_params', field: 'symbol', text: tooMany.i18n });
    expect(plain(sayRefusal(fr, error))).toBe('Vous avez 50 alertes de prix, le maximum autorisé : supprimez-en une d’abord.');
    expect(inFrench(priceAlertTexts.unknownSymbol('NIFTY26X', ['BANKNIFTY', 'NIFTY']))).toBe(
      'NIFTY26X n’est ni un indice (BANKNIFTY, NIFTY) ni le symbole d’une option cotée.',
    );
  });

  it('a wait said in French, in seconds or in minutes', () => {
    expect(inFrench(throttleTexts.tooManyAttempts(1))).toBe('Trop de tentatives. Réessayez dans 1 seconde.');
    expect(inFrench(throttleTexts.tooManyAttempts(125))).toBe('Trop de tentatives. Réessayez dans 3 minutes.');
  });

  it('what is missing, named in French', () => {
    expect(inFrench(notFoundTexts.thing('portfolio'))).toBe('Portefeuille introuvable');
    expect(inFrench(notFoundTexts.order('260101000001', 'kite'))).toBe('L’ordre 260101000001 ne figure pas dans le carnet d’ordres Kite du jour');
  });

  it('amounts, ids and Kite’s own words inside the French sentence', () => {
    expect(inFrench(brokerAccountTexts.capitalBelowPortfolios(400000, 350000))).toBe(
      'Les portefeuilles de ce compte détiennent 400 000,00 ₹, plus que le nouveau capital de 350 000,00 ₹. Réduisez d’abord leur capital.',
    );
    expect(inFrench(brokerLoginTexts.kiteRefused('Invalid request token.'))).toBe('Kite a refusé la connexion : « Invalid request token. »');
    expect(inFrench(botRuleTexts.otherBot('daily_bot', 1234, 5678))).toBe('Identifiant : ceci est le bot quotidien 1234, reçu 5678');
    expect(inFrench(botRuleTexts.lotsAboveFreeze(freeze, 30))).toBe('NIFTY autorise au plus 27 lots par ordre (quantité de gel 1 800 unités, taille de lot 65) ; demandé : 30');
    expect(inFrench(botRuleTexts.outsideMarketHours('exit_time', '16:00', { open: '09:15', close: '15:30' }))).toBe(
      'L’heure de sortie (16:00) est hors des heures de marché (09:15–15:30 IST) et d’aucune séance spéciale du calendrier de la bourse',
    );
    expect(inFrench(botRuleTexts.outsideSpecialSession('exit_time', '19:30', { day: '2026-11-08', open: '18:00', close: '19:00' }, 'entry_time'))).toBe(
      'L’heure de sortie (19:30) est hors de la séance spéciale du 08/11/2026 (18:00–19:00 IST) où tombe l’heure d’entrée ; les heures d’un bot sont dans une même séance',
    );
  });
});
