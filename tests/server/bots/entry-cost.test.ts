// What one bot's entry costs the database, counted (the benchmark in `npm run bench -- bot-engine` times the
// burst of 1,000): every entry of a tick costs the same round trips and transactions however many bots
// enter with it and however much the account already holds, its market reads (the index's level and
// expiries) are made once per tick, and the account's book is read once per entry, not once per order.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk } from './bot-desk.ts';
import { countOn } from './database-cost.ts';

describe.each(testBackends)('the cost of a bot entry on %s', (backend) => {
  let t: BotDesk;

  beforeEach(async () => {
    // Eleven bots on one account: capital for all, and the order rate limits lifted (11 × 4 orders at once).
    t = await openBotDesk(backend, { capital: 50_000_000, rateLimits: { perSecond: 1000, perMinute: 10_000, perDay: 100_000 } });
  });

  afterEach(async () => {
    await t.server.close();
  });

  it('is the same for each bot however many enter together, with the market read once per tick and the book once per entry', async () => {
    t.condor();
    // Iron condors: two enter at 09:20 (the day's first entries list the expiry and warm the caches), three
    // at 09:21 and six at 09:22, each group beside the legs the earlier ones hold.
    const groups = [['09:20', 2], ['09:21', 3], ['09:22', 6]] as const;
    for (const [time, bots] of groups) {
      for (let n = 0; n < bots; n += 1) await t.createDaily({ strategy: 'iron_condor', entry_time: time, stop_loss_pct: 100, target_pct: 1000 });
    }
    const counter = countOn(t.server.db);
    try {
      const entered = [];
      let holding = 0;
      for (const [time, bots] of groups) {
        // Half a minute before: the bots holding legs are evaluated (those waiting are not read), none acts; then the group enters.
        t.at(monday, time, -30);
        const idle = await counter.of(() => t.tick());
        expect(idle.result).toMatchObject({ evaluated: holding, acted: 0 });
        holding += bots;
        t.at(monday, time);
        const entry = await counter.of(() => t.tick());
        expect(entry.result).toMatchObject({ acted: bots, failed: 0, deferred: 0 });
        entered.push({ bots, idle: idle.counts, entry: entry.counts });
      }
      // A tick's statements: its reads of every bot (`idle`), a few made once for the tick's entries, and
      // the same number for each entry. Three more bots entering cost three entries, nothing else.
      const [, three, six] = entered;
      const perEntry = (six!.entry.statements - three!.entry.statements) / 3;
      const perTick = three!.entry.statements - three!.idle.statements - 3 * perEntry;
      expect(six!.idle.statements).toBe(three!.idle.statements);
      // The claim, the broker's plan, the rate gate, the four orders with their fills, the completion.
      expect(perEntry).toBeLessThanOrEqual(30);
      // The index's level and expiries, and the day's F&O ban list (kept 30 s), read for the tick's entries, not
      // for each of them.
      expect(perTick).toBeLessThanOrEqual(3);
      expect(six!.entry.marketStateReads).toBe(three!.entry.marketStateReads);
      expect(six!.entry.indexFactReads).toBe(three!.entry.indexFactReads);
      expect((six!.entry.transactions - three!.entry.transactions) / 3).toBeLessThanOrEqual(4);
      // The account's book: read once for each entry's four orders (their margin checks), never once per order.
      expect(six!.entry.bookReads).toBe(6);
      expect((await t.orders('daily', 11)).map((order) => order.status)).toEqual(['COMPLETE', 'COMPLETE', 'COMPLETE', 'COMPLETE']);
    } finally {
      counter.restore();
    }
  });
});
