// @vitest-environment node
// The server's texts in the trader's language. Every code the contract lists (openapi/main.yaml TextCode)
// must have English and French words in the app, so a new server message fails here instead of showing
// English in the French interface; the app's English must say what the server's English says, so the two
// never drift; and a code, its parameters (amounts, dates, lists, a reason inside a sentence) and a live
// broker's own words come out in French as a French trader reads them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { frMessages } from '@/i18n/locales/fr/index';
import { sayServerText } from '@/i18n/say-server-text';
import { serverTexts } from '@/i18n/server-texts';
import { orderAlert, type FinalOrder } from '../../../server/services/alerts/watchers/order-watcher.ts';
import { marketFill, orderRefusal, slmRefusal, type OrderShape, type Quote } from '../../../server/services/brokers/paper/order-rules.ts';
import { parseBhavcopy } from '../../../server/services/history/bhavcopy-parser.ts';
import { FileRefusal } from '../../../server/services/history/history-files.ts';
import { botTexts } from '../../../server/services/texts/bot-texts.ts';
import { historyTexts } from '../../../server/services/texts/history-texts.ts';
import { cancelledOco, notSent, orderTexts } from '../../../server/services/texts/order-texts.ts';
import { words, type Said } from '../../../server/services/texts/said.ts';
import { en, fr, inFrench, plain } from '../support/server-text-intl.ts';
const root = resolve(import.meta.dirname, '../../..');
const contract = parse(readFileSync(resolve(root, 'openapi/main.yaml'), 'utf8')) as { components: { schemas: { TextCode: { enum: string[] } } } };
const codes = contract.components.schemas.TextCode.enum;
const enCatalogue = JSON.parse(readFileSync(resolve(root, 'src/i18n/locales/en.json'), 'utf8')) as Record<string, string>;


describe('every server message code', () => {
  it('the contract lists codes, and the app knows exactly those', () => {
    expect(codes.length).toBeGreaterThan(50);
    expect(Object.keys(serverTexts).sort()).toEqual([...codes].sort());
  });

  it.each(codes)('%s has English and French words', (code) => {
    const descriptor = serverTexts[code as keyof typeof serverTexts];
    expect(descriptor, `no words for ${code} in src/i18n/server-texts.ts`).toBeDefined();
    const id = String(descriptor.id);
    expect(enCatalogue[id], `${id} is not in en.json (npm run i18n:extract)`).toEqual(expect.any(String));
    expect(frMessages[id], `${id} has no French in src/i18n/locales/fr/server.json`).toBeDefined();
  });
});

const quote: Quote = { bidPaise: 10_000, askPaise: 10_100, lastPaise: 10_050, closePaise: 9_800 };
const order = (changes: Partial<OrderShape>): OrderShape => ({
  // NSE's band of migration 092 (±40 %, at least ₹20).
  band: { exchange: 'NSE', minWidthPaise: 2000, fraction: 0.4, effectiveFrom: '2022-10-31', source: 'NSE/FAOP/54242' },
  side: 'BUY',
  orderType: 'LIMIT',
  quantity: 65,
  pricePaise: 10_000,
  triggerPaise: 0,
  lotSize: 65,
  tickPaise: 5,
  ...changes,
});
const refusal = (changes: Partial<OrderShape>): Said => {
  const said = orderRefusal(order(changes), quote);
  if (said === null) throw new Error('the order was not refused');
  return said;
};
const cancelled = (side: 'BUY' | 'SELL', at: Quote): Said => {
  const decision = marketFill(side, at);
  if (decision.action !== 'cancel') throw new Error('the market order was not cancelled');
  return decision.message;
};

const rejected: FinalOrder = {
  order_id: '261124000000042',
  status: 'REJECTED',
  status_message: refusal({ quantity: 100 }).text,
  status_message_i18n: refusal({ quantity: 100 }).i18n,
  purpose: 'entry',
  tradingsymbol: 'NIFTY2612026000CE',
  transaction_type: 'BUY',
  quantity: 100,
  filled_quantity: 0,
  filled_value_paise: '0',
  updated_at: new Date('2026-11-24T05:00:00Z'),
  broker_account_id: 1,
  user_id: 1,
  account_number: 'ZP1234',
};

describe("the app's English is the server's English", () => {
  const written: [string, Said][] = [
    ['SL-M on an index option', slmRefusal],
    ['a quantity off the lot size', refusal({ quantity: 100 })],
    ['a price off the tick', refusal({ pricePaise: 10_002 })],
    ['a stop-loss buy triggering below the last price', refusal({ orderType: 'SL', triggerPaise: 9_000, pricePaise: 9_100 })],
    ['a sell limit far below the last price', refusal({ side: 'SELL', pricePaise: 1_000 })],
    ['a market buy beyond its protection', cancelled('BUY', { bidPaise: 10_000, askPaise: 20_000, lastPaise: 10_050, closePaise: 9_800 })],
    ['a market sell with no bid', cancelled('SELL', { bidPaise: 0, askPaise: 10_100, lastPaise: 10_050, closePaise: 9_800 })],
    ['an order not sent', notSent(orderTexts.portfolioDeleted)],
    ['a one-cancels-the-other cancel', cancelledOco('stoploss')],
    ['a rejection alert title', orderAlert(rejected).title as Said],
    ['a rejection alert body', orderAlert(rejected).body as Said],
    ['a history line: a value that is not a number', historyTexts.notANumber('STRIKE_PR', 'abc')],
    ['a history line: a date of the wrong shape', historyTexts.notADayMonthYearDate('EXPIRY_DT', '2024-07-11')],
    ['a history line: a minute timestamp off the minute', historyTexts.timestampNotWholeMinute('2024-07-08 09:16:30')],
    ['a history header missing columns', historyTexts.headerLacks(['SttlmPric', 'OpnIntrst'])],
    ['a history file with more bad lines', historyTexts.moreLines(5)],
    ['a history file of an unknown kind', historyTexts.unknownFile],
    ["a partly refused entry's exit, the bot's title", botTexts.partialEntryClosedTitle('Scanner')],
    ["a partly refused entry's exit, other stocks held", botTexts.partialEntryClosedBody(['TCS26DEC2160CE'], ['RELIANCE26DEC1180CE', 'INFY26DEC1020CE'])],
    ["a partly refused entry's exit, nothing else held", botTexts.partialEntryClosedBody(['TCS26DEC2160CE', 'TCS26DEC2180CE'], [])],
    ["an exit alert's refused exit of two stocks, the bot's title", botTexts.stockExitRefusedTitle('Scanner', 'TCS,INFY')],
    ["an exit alert's refused exit of some stocks, why and what comes next", botTexts.stockExitRefusedBody(botTexts.orderRefused('TCS26DEC2160CE', words('No bid.')))],
    ['a contract listed twice in a bhavcopy (ISO days in the English)', { ...historyTexts.contractTwice('NIFTY', '2024-07-11', 24300, 'CE', '2024-07-08'), text: 'NIFTY 11 Jul 2024 24300 CE appears twice for 08 Jul 2024' }],
  ];
  it.each(written)('%s', (_, said) => {
    expect(sayServerText(en, said.i18n, '(no code)')).toBe(said.text);
  });
});

describe('said in French', () => {
  it('a refusal with amounts, in French figures', () => {
    expect(inFrench(refusal({ pricePaise: 10_002 }))).toBe('Le prix 100,02 ₹ n’est pas un multiple du pas de cotation 0,05 ₹.');
    expect(inFrench(refusal({ quantity: 100 }))).toBe(
      'La quantité 100 n’est pas un multiple de la taille de lot 65. Saisissez des lots entiers, par exemple 130 (2 lots).',
    );
  });

  it('an alert whose reason is a coded text of its own', () => {
    expect(inFrench(orderAlert(rejected).title as Said)).toBe('Ordre rejeté : achat 100 NIFTY2612026000CE');
    expect(inFrench(orderAlert(rejected).body as Said)).toBe(
      'La quantité 100 n’est pas un multiple de la taille de lot 65. Saisissez des lots entiers, par exemple 130 (2 lots). (ZP1234, ordre 261124000000042)',
    );
  });

  it("a live broker's own words stay as they are, inside the French sentence", () => {
    const kite = words('Insufficient funds. Required margin is 95417.84 but available margin is 74251.80.');
    expect(inFrench(notSent(kite))).toBe('Non envoyé : Insufficient funds. Required margin is 95417.84 but available margin is 74251.80.');
  });

  it('an ISO day as DD/MM/YYYY and a list of levels in French', () => {
    const details = {
      code: 'recommendation.details',
      params: {
        spot: 26012.35,
        expiry: '2026-12-01',
        lot_size: 65,
        reward_known: 'yes',
        reward: 4500,
        risk_known: 'yes',
        risk: 8043.75,
        has_breakevens: 'yes',
        breakevens: [25600, 26400.5],
      },
    } as const;
    expect(plain(sayServerText(fr, details, ''))).toBe(
      'À 26 012,35, sur l’échéance du 01/12/2026, un jeu de lots (taille de lot 65) rapporte jusqu’à 4 500,00 ₹ pour au plus 8 043,75 ₹ ; il atteint le point mort à 25 600 et 26 400,5.',
    );
  });

  it('a bhavcopy line refused by the parser, its column and value as the file has them', () => {
    const header = 'INSTRUMENT,SYMBOL,EXPIRY_DT,STRIKE_PR,OPTION_TYP,OPEN,HIGH,LOW,CLOSE,SETTLE_PR,CONTRACTS,VAL_INLAKH,OPEN_INT,CHG_IN_OI,TIMESTAMP';
    const file = [header, 'OPTIDX,NIFTY,11-JUL-2024,24300,CE,abc,1,1,1,1,1,1,1,0,05-JUL-2024', 'OPTIDX,NIFTY,2024-07-11,24300,PE,1,1,1,1,1,1,1,1,0,05-JUL-2024'].join('\n');
    let refusal: unknown;
    try {
      parseBhavcopy(file);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(FileRefusal);
    expect((refusal as FileRefusal).problems.map((problem) => plain(sayServerText(fr, problem.reason_i18n, problem.reason)))).toEqual([
      'OPEN « abc » n’est pas un nombre',
      'EXPIRY_DT « 2024-07-11 » n’est pas une date de la forme 25-JUL-2024',
    ]);
  });

  it("an exit alert's refused exit of some stocks: the stocks named, and what tries it again", () => {
    expect(inFrench(botTexts.stockExitRefusedTitle('Scanner', 'TCS,INFY'))).toBe('Scanner : sortie de TCS, INFY refusée');
    expect(inFrench(botTexts.stockExitRefusedBody(null))).toBe(
      'Refusé par le courtier. Le bot ne retente pas cette sortie de lui-même : une alerte de sortie nommant ces actions dans une minute ou plus la retente, et la sortie du bot les ferme avec le reste.',
    );
  });

  it('the dates of a contract listed twice as a French trader reads them', () => {
    expect(inFrench(historyTexts.contractTwice('NIFTY', '2024-07-11', 24300, 'CE', '2024-07-08'))).toBe(
      'NIFTY 11/07/2024 24300 CE apparaît deux fois pour le 08/07/2024',
    );
  });

  it('the English text when there is no code, or a code this app does not know yet', () => {
    expect(sayServerText(fr, null, 'Kite: RMS rule breached')).toBe('Kite: RMS rule breached');
    expect(sayServerText(fr, { code: 'order.from_a_newer_server', params: {} }, 'A newer message')).toBe('A newer message');
    expect(sayServerText(fr, { code: 'order.not_sent', params: { reason: { code: 'order.unknown', params: {} } } }, 'Not sent: why')).toBe('Not sent: why');
  });
});
