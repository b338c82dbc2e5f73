// Pausing a bot that holds a position asks what to do with it (pause-choice.ts): keep_managing or exit_now,
// kept on its run of the day where the engine reads it; a flat bot needs no choice and gets no run for it;
// resuming clears the choice, and a run the pause had left 'paused' (a broker session lost) waits again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../server/services/domain-error.ts';
import { applyPauseChoice } from '../../../server/services/bots/engine/pause-choice.ts';
import { testBackends } from '../support/test-database.ts';
import { istInstant, monday, openBotDesk, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)('the choice when pausing a bot on %s', (backend) => {
  let t: BotDesk;
  let holding: { id: number };
  let flat: { id: number };
  const now = istInstant(monday, '10:00');
  const change = (id: number, from: string, to: string, pauseAction?: 'keep_managing' | 'exit_now') =>
    applyPauseChoice(t.server.db, { kind: 'daily', id, portfolioId: t.portfolio.id, from, to }, pauseAction, now);
  const setState = (id: number, state: string, pauseAction: string | null) =>
    t.server.db.query(`UPDATE bot_runs SET state = $3, pause_action = $4 WHERE bot_kind = 'daily' AND bot_id = $1 AND trading_day = $2::date`, [id, monday, state, pauseAction]);

  beforeAll(async () => {
    t = await openBotDesk(backend);
    holding = await t.createDaily();
    flat = await t.createDaily({ entry_time: '11:00' });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    expect((await t.tick()).acted).toBe(1);
  });

  afterAll(async () => {
    await t.server.close();
  });

  it('refuses to pause a bot in a position without a choice, naming the field', async () => {
    const refusal = await change(holding.id, 'active', 'paused').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'pause_choice_required', field: 'pause_action' });
    expect(await t.run('daily', holding.id)).toMatchObject({ state: 'in_position', pause_action: null });
  });

  it("keeps the choice on the position's run, and a new choice while paused replaces it", async () => {
    await change(holding.id, 'active', 'paused', 'keep_managing');
    expect(await t.run('daily', holding.id)).toMatchObject({ state: 'in_position', pause_action: 'keep_managing' });
    await change(holding.id, 'paused', 'paused', 'exit_now');
    expect(await t.run('daily', holding.id)).toMatchObject({ state: 'in_position', pause_action: 'exit_now' });
  });

  it('asks nothing of a flat bot and writes it no run, with or without a choice', async () => {
    await change(flat.id, 'active', 'paused');
    await change(flat.id, 'paused', 'paused', 'exit_now');
    expect(await t.run('daily', flat.id)).toBeUndefined();
  });

  it('clears the choice on resuming; a run left paused waits again, a position stays in position', async () => {
    await setState(holding.id, 'in_position', 'keep_managing');
    await change(holding.id, 'paused', 'active');
    expect(await t.run('daily', holding.id)).toMatchObject({ state: 'in_position', pause_action: null });
    await setState(holding.id, 'paused', 'keep_managing');
    await change(holding.id, 'paused', 'active');
    expect(await t.run('daily', holding.id)).toMatchObject({ state: 'waiting', pause_action: null });
  });

  it('leaves the run alone when a bot that was not paused is stopped or resumed', async () => {
    await setState(holding.id, 'paused', 'exit_now');
    await change(holding.id, 'active', 'stopped');
    await change(holding.id, 'stopped', 'active');
    expect(await t.run('daily', holding.id)).toMatchObject({ state: 'paused', pause_action: 'exit_now' });
  });
});
