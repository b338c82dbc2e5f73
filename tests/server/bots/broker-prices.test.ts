// A bot on a live account decides on its broker's last prices, never the simulator's (broker-prices.ts): one
// read per account a tick for every leg its bots hold or entered with; when the broker cannot answer, or the
// trader is logged out, those bots decide nothing this tick. Paper bots get no entry (the simulator's prices).
import { describe, expect, it } from 'vitest';
import type { BrokerAdapter, BrokerRegistry } from '../../../server/services/brokers/broker-adapter.ts';
import type { TradingAccount } from '../../../server/services/brokers/broker-trading.ts';
import type { Queryable } from '../../../server/db/database.ts';
import { createAccountPrices } from '../../../server/services/brokers/account-prices.ts';
import type { PriceSource } from '../../../server/services/brokers/paper/price-source.ts';
import { brokerLastPrices } from '../../../server/services/bots/engine/broker-prices.ts';
import { dailyStraddleBot } from './bot-desk.ts';
import { botKey, type BotRunRow, type EngineBot, type HeldLeg } from '../../../server/services/bots/engine/engine-types.ts';

const account = (id: number) => ({ id, accountNumber: `KT${id}`, capitalPaise: 100_000_000 });
const bot = (id: number, overrides: Partial<EngineBot> = {}): EngineBot =>
  dailyStraddleBot({ id, name: `Bot ${id}`, account: account(1), broker: 'kite', ...overrides });
const leg = (tradingsymbol: string, quantity = -65): HeldLeg => ({ exchange: 'NFO', tradingsymbol, product: 'MIS', quantity });
const runWith = (...tradingsymbols: string[]): BotRunRow => ({
  state: 'in_position',
  reason: null,
  entries: 1,
  reEntriesUsed: 0,
  entryPremiumPaise: 1_300_000,
  peakProfitPaise: null,
  legs: tradingsymbols.map((tradingsymbol) => ({ exchange: 'NFO', tradingsymbol, side: 'SELL', quantity: 65, pricePaise: 10_000 })),
  lastSignalAt: null,
  pauseAction: null,
});

/** A live broker whose last prices are 1 rupee more per read, recording what it was asked (its method reads `this`). */
class LiveBroker {
  reads: Array<{ account: number; keys: string[] }> = [];
  failing = false;
  price = 12_345;
  async lastPrices(tradingAccount: TradingAccount, keys: readonly string[]) {
    this.reads.push({ account: tradingAccount.id, keys: [...keys].sort() });
    if (this.failing) throw new Error('Too many requests');
    return new Map(keys.map((key) => [key, this.price]));
  }
}

const registryOf = (live: LiveBroker): BrokerRegistry => {
  const adapters: Record<string, BrokerAdapter> = {
    kite: { trading: live } as unknown as BrokerAdapter,
    paper: { trading: {} } as unknown as BrokerAdapter,
  };
  return { get: (slug) => adapters[slug], slugs: () => Object.keys(adapters) };
};

/** Where each bot's prices come from, on a server without live feeds: paper accounts are on the simulator. */
const optionsOf = (live: LiveBroker) => {
  const db = {} as Queryable;
  return { db, brokers: registryOf(live), prices: createAccountPrices({ db, simulator: {} as PriceSource }) };
};

describe("a live bot's prices", () => {
  it("reads each live account's prices once, for every leg its bots hold or entered with", async () => {
    const live = new LiveBroker();
    const first = bot(1);
    const second = bot(2, { kind: 'trading' });
    const other = bot(3, { account: account(2) });
    const held = new Map([
      [botKey('daily', 1), [leg('ACE'), leg('APE')]],
      [botKey('trading', 2), [leg('BCE', 65)]],
      [botKey('daily', 3), [leg('CCE')]],
    ]);
    const runs = new Map([[botKey('daily', 1), runWith('ACE', 'APE', 'AWING')]]);
    const answers = await brokerLastPrices(optionsOf(live), [first, second, other], held, runs);
    expect(live.reads).toEqual([
      { account: 1, keys: ['NFO:ACE', 'NFO:APE', 'NFO:AWING', 'NFO:BCE'] },
      { account: 2, keys: ['NFO:CCE'] },
    ]);
    expect(answers.get(1)).toEqual(new Map(['NFO:ACE', 'NFO:APE', 'NFO:AWING', 'NFO:BCE'].map((key) => [key, 12_345])));
    expect(answers.get(2)).toEqual(new Map([['NFO:CCE', 12_345]]));
  });

  it('gives paper bots, and bots of a broker the server does not know, no prices of their own', async () => {
    const live = new LiveBroker();
    const answers = await brokerLastPrices(optionsOf(live), [bot(1, { broker: 'paper' }), bot(2, { broker: 'gone', account: account(2) })], new Map([[botKey('daily', 1), [leg('ACE')]]]), new Map());
    expect(answers.size).toBe(0);
    expect(live.reads).toEqual([]);
  });

  it('has no prices (decide nothing) when the broker fails or the trader is logged out, and an empty map for a bot holding nothing', async () => {
    const live = new LiveBroker();
    live.failing = true;
    const held = new Map([[botKey('daily', 1), [leg('ACE')]], [botKey('daily', 2), [leg('BCE')]]]);
    const answers = await brokerLastPrices(optionsOf(live), [bot(1), bot(2, { account: account(2), sessionOpen: false }), bot(3, { account: account(3) })], held, new Map());
    expect([...answers]).toEqual([
      [1, null],
      [2, null],
      [3, new Map()],
    ]);
    // Logged out or holding nothing: nothing asked of the broker.
    expect(live.reads).toEqual([{ account: 1, keys: ['NFO:ACE'] }]);
  });
});
