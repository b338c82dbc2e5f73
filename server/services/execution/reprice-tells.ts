// What the trader is told of a re-priced order, written with the step (in its transaction): each step of an
// exit (exits are never given up silently), an exit that went past its limit and keeps going, an exit filled
// after re-pricing or ended unfilled at the broker, and an entry the policy gave up. Alerts reach the feed,
// the open screens and web push (alerts/alert-log.ts, push-dispatcher.ts).
import type { Queryable } from '../../db/database.ts';
import { recordAlert, type NewAlert } from '../alerts/alert-log.ts';
import { executionTexts } from '../texts/execution-texts.ts';
import type { RepricingRow, StepRecord } from './repricing-store.ts';

export type Tell =
  | { kind: 'step'; step: StepRecord }
  | { kind: 'over' }
  | { kind: 'filled'; pricePaise: number }
  | { kind: 'ended'; status: string }
  | { kind: 'gave_up' };

type Owner = { userId: number; bot: { kind: 'trading' | 'daily'; id: number; name: string } | null };

/** Who the order's alerts go to, and the bot that placed it (named as it is now). */
export async function ownerOf(q: Queryable, row: RepricingRow): Promise<Owner> {
  const { rows } = await q.query<{ user_id: number }>('SELECT user_id FROM broker_accounts WHERE id = $1', [row.accountId]);
  const userId = Number(rows[0]?.user_id);
  if (row.bot === null) return { userId, bot: null };
  const table = row.bot.kind === 'trading' ? 'trading_bots' : 'daily_bots';
  const { rows: bots } = await q.query<{ name: string }>(`SELECT name FROM ${table} WHERE id = $1`, [row.bot.id]);
  return { userId, bot: bots[0] === undefined ? null : { ...row.bot, name: bots[0].name } };
}

export async function tell(q: Queryable, row: RepricingRow, tries: number, what: Tell, now: Date): Promise<void> {
  const owner = await ownerOf(q, row);
  const seconds = Math.round((now.getTime() - row.startedAt.getTime()) / 1000);
  const base = { userId: owner.userId, accountId: row.accountId, category: 'order' as const, link: '/app/order_book', bot: owner.bot, at: now };
  const symbol = row.tradingsymbol;
  let alert: NewAlert;
  switch (what.kind) {
    case 'step':
      alert = {
        ...base,
        event: 'order_repriced',
        severity: 'warning',
        title: executionTexts.exitStepTitle(symbol),
        body: executionTexts.exitStepBody(tries, row.policy.maxTries, what.step.oldPaise ?? 0, what.step.newPaise ?? what.step.oldPaise ?? 0),
        dedupeKey: `reprice:${row.id}:${tries}`,
      };
      break;
    case 'over':
      alert = { ...base, event: 'order_repriced', severity: 'danger', title: executionTexts.exitOverTitle(symbol), body: executionTexts.exitOverBody(tries - 1, seconds), dedupeKey: `reprice:${row.id}:over` };
      break;
    case 'filled':
      alert = { ...base, event: 'order_repriced', severity: 'success', title: executionTexts.exitFilledTitle(symbol), body: executionTexts.exitFilledBody(tries, what.pricePaise), dedupeKey: `reprice:${row.id}:filled` };
      break;
    case 'ended':
      alert = { ...base, event: 'order_repriced', severity: 'danger', title: executionTexts.exitEndedTitle(symbol), body: executionTexts.exitEndedBody(what.status), dedupeKey: `reprice:${row.id}:ended` };
      break;
    case 'gave_up':
      alert = {
        ...base,
        event: 'order_reprice_gave_up',
        severity: 'warning',
        title: executionTexts.entryGaveUpTitle(symbol),
        body: executionTexts.entryGaveUpBody(tries, seconds, row.policy.entryFallback),
        dedupeKey: `reprice:${row.id}:gave_up`,
      };
      break;
  }
  await recordAlert(q, alert);
}
