// A bot action is claimed (its bot_actions row inserted) before its orders go to the broker, so that no tick
// and no second server instance sends them twice (action-claims.ts). Told here on the claims themselves: an
// entry is sent once, ever; a failed exit is tried again after a minute under a new tag, by one instance
// only; and it steps aside when another exit of the same position is already live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { claimAction } from '../../../server/services/bots/engine/action-claims.ts';
import type { EngineBot } from '../../../server/services/bots/engine/engine-types.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { istInstant, monday } from './bot-desk.ts';

const day = monday;
const at = (time: string, ms = 0) => new Date(istInstant(day, time).getTime() + ms);
const minute = 60_000;

describe.each(testBackends)('claiming a bot action on %s', (backend) => {
  let db: Database;
  let nextBot = 1;
  /** A bot of its own per test: claims are per bot. */
  const newBot = () => ({ kind: 'daily', id: nextBot++ }) as EngineBot;
  const fail = (id: number, time: Date) => db.query(`UPDATE bot_actions SET status = 'failed', completed_at = $2, message = 'cancelled by market protection' WHERE id = $1`, [id, time]);
  const rowsOf = async (bot: EngineBot) =>
    (
      await db.query<{ action: string; phase: string; leg: string | null; status: string; attempts: number; idempotency_key: string }>(
        'SELECT action, phase, leg, status, attempts, idempotency_key FROM bot_actions WHERE bot_kind = $1 AND bot_id = $2 ORDER BY id',
        [bot.kind, bot.id],
      )
    ).rows;

  beforeAll(async () => {
    db = await createMigratedTestDatabase(backend);
  });

  afterAll(async () => {
    await db.close();
  });

  it('claims an entry once and never again, not even after it failed: a refused entry is not sent a second time', async () => {
    const bot = newBot();
    const entry = await claimAction(db, bot, day, 'enter', 1, 'entry', at('09:20'));
    expect(entry).toMatchObject({ action: 'enter', status: 'claimed', attempts: 1, key: `BD${bot.id}-261123-E1` });
    expect(await claimAction(db, bot, day, 'enter', 1, 'entry', at('09:20', 1000))).toBeNull();
    await fail(entry!.id, at('09:20', 2000));
    expect(await claimAction(db, bot, day, 'enter', 1, 'entry', at('09:25'))).toBeNull();
    expect(await rowsOf(bot)).toMatchObject([{ action: 'enter', status: 'failed', attempts: 1 }]);
  });

  it('claims a failed exit again from the very minute after it failed, as a second attempt with a tag of its own', async () => {
    const bot = newBot();
    const exit = await claimAction(db, bot, day, 'exit', 1, 'exit', at('15:10'));
    expect(exit).toMatchObject({ key: `BD${bot.id}-261123-X1` });
    expect(await claimAction(db, bot, day, 'exit', 1, 'exit', at('15:10', 500))).toBeNull();
    const failedAt = at('15:10', 1000);
    await fail(exit!.id, failedAt);
    expect(await claimAction(db, bot, day, 'exit', 1, 'exit', new Date(failedAt.getTime() + minute - 1))).toBeNull();
    const retry = await claimAction(db, bot, day, 'exit', 1, 'exit', new Date(failedAt.getTime() + minute));
    expect(retry).toMatchObject({ id: exit!.id, status: 'claimed', attempts: 2, key: `BD${bot.id}-261123-X1.2`, completedAt: null, message: null });
  });

  it('stores a partial exit naming many contracts within the leg column, and finds it again to retry', async () => {
    const bot = newBot();
    // An exit alert naming four stocks' contracts: 87 characters, the column takes 64.
    const leg = { index: 0, tradingsymbol: ['HINDUNILVR26DEC2400CE', 'HINDUNILVR26DEC2500CE', 'BAJFINANCE26DEC7000PE', 'BAJFINANCE26DEC6900PE'].join(',') };
    const exit = await claimAction(db, bot, day, 'signal_exit', 1, 'adjust', at('11:00'), leg);
    expect(exit).toMatchObject({ status: 'claimed' });
    const [row] = await rowsOf(bot);
    expect(row!.leg).toHaveLength(64);
    expect(row!.leg!.startsWith('HINDUNILVR26DEC2400CE,HINDUNILVR26DEC2500CE,')).toBe(true);
    const failedAt = at('11:00', 1000);
    await fail(exit!.id, failedAt);
    expect(await claimAction(db, bot, day, 'signal_exit', 1, 'adjust', new Date(failedAt.getTime() + minute), leg)).toMatchObject({ id: exit!.id, attempts: 2 });
  });

  it("retries a failed leg stop on that leg alone, under the leg's letter, and as the exit of the rest when asked", async () => {
    const bot = newBot();
    const first = { index: 0, tradingsymbol: 'NIFTY26D0126100CE' };
    const second = { index: 1, tradingsymbol: 'NIFTY26D0126100PE' };
    const stop = await claimAction(db, bot, day, 'leg_stop_loss', 1, 'adjust', at('10:00'), second);
    expect(stop).toMatchObject({ leg: second.tradingsymbol, key: `BD${bot.id}-261123-G1b` });
    await fail(stop!.id, at('10:00', 1000));
    // The other leg's stop is a claim of its own, not a retry of this one.
    expect(await claimAction(db, bot, day, 'leg_stop_loss', 1, 'adjust', at('10:02'), first)).toMatchObject({ leg: first.tradingsymbol, attempts: 1, key: `BD${bot.id}-261123-G1a` });
    const retry = await claimAction(db, bot, day, 'leg_stop_loss', 1, 'exit', at('10:02'), second);
    expect(retry).toMatchObject({ id: stop!.id, phase: 'exit', leg: second.tradingsymbol, attempts: 2, key: `BD${bot.id}-261123-G1b.2` });
  });

  it('leaves a failed leg stop failed while another exit of the same position is live: that exit closes it', async () => {
    const bot = newBot();
    const leg = { index: 0, tradingsymbol: 'NIFTY26D0126100CE' };
    const stop = await claimAction(db, bot, day, 'leg_stop_loss', 1, 'adjust', at('10:00'), leg);
    await fail(stop!.id, at('10:00', 1000));
    expect(await claimAction(db, bot, day, 'stop_loss', 1, 'exit', at('10:00', 30_000))).toMatchObject({ action: 'stop_loss', status: 'claimed' });
    expect(await claimAction(db, bot, day, 'leg_stop_loss', 1, 'exit', at('10:02'), leg)).toBeNull();
    expect((await rowsOf(bot)).map((row) => [row.action, row.phase, row.status, row.attempts])).toEqual([
      ['leg_stop_loss', 'adjust', 'failed', 1],
      ['stop_loss', 'exit', 'claimed', 1],
    ]);
  });

  it('lets one of two instances retrying the same failed exit at once claim the attempt, the other doing nothing', async () => {
    const bot = newBot();
    const exit = await claimAction(db, bot, day, 'exit', 1, 'exit', at('15:10'));
    await fail(exit!.id, at('15:10'));
    const claims = await Promise.all([claimAction(db, bot, day, 'exit', 1, 'exit', at('15:11')), claimAction(db, bot, day, 'exit', 1, 'exit', at('15:11'))]);
    expect(claims.filter((claim) => claim !== null)).toMatchObject([{ attempts: 2, key: `BD${bot.id}-261123-X1.2` }]);
    expect(await rowsOf(bot)).toMatchObject([{ status: 'claimed', attempts: 2 }]);
  });

  it("surfaces a database failure during the retry for the tick to count, rather than taking it for another exit's turn", async () => {
    const bot = newBot();
    const exit = await claimAction(db, bot, day, 'exit', 1, 'exit', at('15:10'));
    await fail(exit!.id, at('15:10'));
    const lost = new Error('connection lost');
    const flaky: Database = { ...db, query: (sql, params) => (sql.trimStart().startsWith('UPDATE') ? Promise.reject(lost) : db.query(sql, params)) };
    await expect(claimAction(flaky, bot, day, 'exit', 1, 'exit', at('15:11'))).rejects.toBe(lost);
    expect(await rowsOf(bot)).toMatchObject([{ status: 'failed', attempts: 1 }]);
  });
});
