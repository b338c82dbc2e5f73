// A protection that fires pauses the portfolio's running bots (issue 41), so none of them enters again what
// the protection has just squared off. Written in the transaction that fires it (protection-watcher.ts fire,
// after its compare-and-set), so it happens once across instances, with the alert and stream notice of the
// hit. Each bot's run of the day says why (its history and card show it); resuming is the trader's choice, as
// after any pause (bots-service.ts update). Paused bots, and stopped ones, are left as they are.
import type { Queryable } from '../../db/database.ts';
import type { BotKind } from '../bots/engine/action-keys.ts';
import { changeRun } from '../bots/engine/bot-runs.ts';
import { loadHeld } from '../bots/engine/engine-store.ts';
import { istDate } from '../market/ist.ts';
import type { Said } from '../texts/said.ts';
import { recordPortfolioBotsNotice } from '../notices/stream-notices.ts';

export type PausedBot = { kind: BotKind; id: number; name: string };

/** Pauses the portfolio's active bots, each with `reason` on its run of the day; answers those it paused. */
export async function pauseBotsOfPortfolio(q: Queryable, portfolioId: number, reason: Said, now: Date): Promise<PausedBot[]> {
  const paused: PausedBot[] = [];
  for (const [kind, table] of [['daily', 'daily_bots'], ['trading', 'trading_bots']] as const) {
    const { rows } = await q.query<{ id: number; name: string }>(
      `UPDATE ${table} SET status = 'paused', updated_at = $2 WHERE portfolio_id = $1 AND status = 'active' RETURNING id, name`,
      [portfolioId, now],
    );
    paused.push(...rows.map((row) => ({ kind, id: Number(row.id), name: row.name })));
  }
  const day = istDate(now);
  for (const bot of paused) {
    // A bot holding legs keeps managing them, as a pause without a choice does (pause-choice.ts): its exits are
    // never held back. The protection's square-off closes the portfolio's positions meanwhile.
    const holding = ((await loadHeld(q, { kind: bot.kind, id: bot.id })).size ?? 0) > 0;
    await changeRun(
      q,
      { kind: bot.kind, id: bot.id, portfolioId },
      day,
      (run) => ({
        state: run.state === 'waiting' ? 'paused' : run.state,
        reason: reason.text,
        reasonI18n: reason.i18n,
        pauseAction: holding ? 'keep_managing' : run.pauseAction,
      }),
      now,
    );
  }
  // Their cards say "Paused" and why on the trader's screens at once (issue 37).
  if (paused.length > 0) await recordPortfolioBotsNotice(q, portfolioId);
  return paused.sort((a, b) => a.name.localeCompare(b.name));
}
