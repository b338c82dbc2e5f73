// A bot action's completion, in one transaction after its broker call: the action's status, message and
// order ids, the bot's run of the day (its legs, premium and state), and the trader's alert. An entry that
// filled only in part answers so, for the engine to exit what filled at once.
import type { Database, Queryable } from '../../../db/database.ts';
import type { BrokerOrder } from '../../brokers/broker-trading.ts';
import { formatPaise, toRupees } from '../../brokers/paper/paise.ts';
import { botTexts, refusedByBroker } from '../../texts/bot-texts.ts';
import { said, words, type Said } from '../../texts/said.ts';
import { recordAlert } from '../../alerts/alert-log.ts';
import { actionKey, type BotActionName } from './action-keys.ts';
import { actionColumns, toAction } from './engine-store.ts';
import { changeRun, flatDayPnl } from './bot-runs.ts';
import type { ActionRow, BotRunRow, EngineBot, RunLeg } from './engine-types.ts';
import { num, signalStrategies } from './rules.ts';
import { isPartialEntryExit } from './partial-entry.ts';
import { clockMinutes, istMinutes } from '../../market/ist.ts';

/**
 * What a broker call did: its orders, why it failed (null: it did not), whether that was a fault rather than
 * a refusal, and what the kill switch closed when the entry was acknowledged after it armed (null: nothing).
 */
export type BrokerOutcome = { orders: BrokerOrder[]; failure: Said | null; error: boolean; closed: Said | null };
/** Whether this call completed the action (its claim still current), and whether an entry filled only in part. */
export type Completion = { settled: boolean; partial: boolean };

export const stopActions = new Set<BotActionName>(['stop_loss', 'leg_stop_loss', 'trailing_stop']);

export function createBotCompletion({ db }: { db: Database }) {
  const link = (bot: EngineBot) => `/app/portfolio?portfolio=${bot.portfolioId}`;

  async function alert(q: Queryable, bot: EngineBot, action: ActionRow, event: Parameters<typeof recordAlert>[1]['event'], severity: Parameters<typeof recordAlert>[1]['severity'], title: Said | string, body: Said | string, now: Date) {
    await recordAlert(q, {
      userId: bot.userId,
      accountId: bot.account.id,
      category: 'bot',
      event,
      severity,
      title,
      body,
      link: link(bot),
      bot: { kind: bot.kind, id: bot.id, name: bot.name },
      at: now,
      dedupeKey: `bot:${action.key}:${event}`,
    });
  }

  function legsFrom(orders: readonly BrokerOrder[]): RunLeg[] {
    return orders
      .filter((order) => order.status === 'COMPLETE' && order.filled_quantity > 0)
      .map((order) => ({
        exchange: order.exchange,
        tradingsymbol: order.tradingsymbol,
        side: order.transaction_type,
        quantity: order.filled_quantity,
        pricePaise: Math.round(Number(order.filled_value_paise) / order.filled_quantity),
      }));
  }

  /** The average fill price (paise) of each contract the orders filled, over all their slices. */
  function averageFills(orders: readonly BrokerOrder[]): Map<string, number> {
    const totals = new Map<string, { value: number; quantity: number }>();
    for (const order of orders) {
      const total = totals.get(order.tradingsymbol) ?? { value: 0, quantity: 0 };
      totals.set(order.tradingsymbol, { value: total.value + Number(order.filled_value_paise), quantity: total.quantity + order.filled_quantity });
    }
    return new Map([...totals].filter(([, total]) => total.quantity > 0).map(([symbol, total]) => [symbol, Math.round(total.value / total.quantity)]));
  }

  /** Whether the bot will act again today after this exit (a re-entry or another signal). */
  /**
   * Whether the bot will enter again today after this exit: then its day reads 'waiting' (for its next entry),
   * else 'exited' (done for the day). A signal bot takes its next signal while its entry window is open and
   * its trades today are under max_trades_per_day, counted as the engine counts them (rules.ts): an entry
   * skipped (its proposal rejected or expired, issue 41) was no trade.
   */
  function mayEnterAgain(bot: EngineBot, run: BotRunRow, exit: BotActionName, skippedEntries: number, now: Date): boolean {
    if (exit === 'exit' || exit === 'pause_exit' || bot.status !== 'active') return false;
    if (signalStrategies.includes(bot.strategy)) {
      return istMinutes(now) < clockMinutes(bot.entryUntil) && run.entries - skippedEntries < num(bot.params.max_trades_per_day, 3);
    }
    const mode = bot.params.re_entry;
    return stopActions.has(exit) && (mode === 'new_atm' || mode === 'same_strike') && run.reEntriesUsed < num(bot.params.max_re_entries, 1);
  }

  /** Completes a claimed action from its broker outcome; answers whether an entry left legs that must be exited now. */
  async function complete(bot: EngineBot, action: ActionRow, outcome: BrokerOutcome, now: Date, signalAt: Date | null): Promise<Completion> {
    const day = action.day;
    const filled = outcome.orders.filter((order) => order.status === 'COMPLETE');
    const refused = outcome.orders.filter((order) => order.status !== 'COMPLETE');
    const closedNote = outcome.closed;
    const failure: Said | null = closedNote ?? outcome.failure ?? (refused.length > 0 ? refusalOf(refused[0]!) : null);
    // A leg stop has done its job once the sold leg is bought back: a hedge that could not be sold (a far wing
    // with no bid) stays with the position until its exit, and the action says why in its message.
    // A stock-alert bot's exit of some stocks (an adjustment named by its stocks, issue 63), or of what a partly
    // refused entry filled (partial-entry.ts), is done as any exit is.
    const legStop = action.phase === 'adjust' && action.action === 'leg_stop_loss';
    const ok = legStop ? filled.some((order) => order.tradingsymbol === action.leg) : failure === null && filled.length > 0;
    const pnl = action.phase === 'exit' && ok ? await flatDayPnl(db, bot, day) : null;
    return db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `UPDATE bot_actions SET status = $2, completed_at = $3, message = $4, order_ids = $5::text[], message_i18n = $6
         WHERE id = $1 AND status = 'claimed' AND claimed_at = $7 RETURNING id`,
        [action.id, ok ? 'completed' : 'failed', now, failure?.text.slice(0, 500) ?? null, `{${outcome.orders.map((order) => order.order_id).join(',')}}`, failure?.i18n ?? null, action.claimedAt],
      );
      // Completed already, or taken over since this claim was read (another instance placing its orders now):
      // the orders seen may be only the first of them, and the claim is not this caller's to settle.
      if (rows.length === 0) return { settled: false, partial: false };
      if (action.phase === 'entry' && closedNote !== null) {
        // Acknowledged after the kill switch armed, and closed at once (late-kill.ts): the bot stays stopped, holding nothing.
        const stopped = said('bot.stopped_kill_switch', { reason: closedNote.i18n }, `Kill switch: ${closedNote.text}`);
        await changeRun(tx, bot, day, (run) => ({ state: 'stopped', reason: stopped.text, reasonI18n: stopped.i18n, lastSignalAt: signalAt ?? run.lastSignalAt }), now);
        await alert(tx, bot, action, 'bot_rejected', 'danger', said('alert.bot_entry_killed_title', { bot: bot.name }, `${bot.name}: entry closed by the kill switch`), closedNote, now);
        return { settled: true, partial: false };
      }
      if (action.phase === 'entry') {
        const legs = legsFrom(outcome.orders);
        const partial = !ok && legs.length > 0;
        // The net premium: sells received less buys paid.
        const premiumPaise = Math.abs(legs.reduce((sum, leg) => sum + (leg.side === 'SELL' ? 1 : -1) * leg.quantity * leg.pricePaise, 0));
        // Stopped only by the kill switch's own refusal, told by its code: a risk limit's refusal (lots per
        // order, trades today) also names the kill-switch page in its words, yet leaves the bot able to go on.
        const killed = outcome.failure?.i18n.code === 'order.kill_switch_on';
        await changeRun(tx, bot, day, (run) => {
          if (ok || partial) {
            const why = partial ? botTexts.entryPartlyRefused(failure) : null;
            // A stock-alert bot entering another stock while it holds some (issue 63): its position is all its stocks' legs.
            const adding = bot.stockFromAlert === true && run.state === 'in_position';
            return {
              state: 'in_position',
              reason: why?.text ?? null,
              reasonI18n: why?.i18n ?? null,
              entries: action.sequence,
              reEntriesUsed: run.reEntriesUsed + (action.action === 're_enter' && !signalStrategies.includes(bot.strategy) ? 1 : 0),
              entryPremiumPaise: adding ? (run.entryPremiumPaise ?? 0) + premiumPaise : premiumPaise,
              peakProfitPaise: adding ? run.peakProfitPaise : 0,
              legs: adding ? [...run.legs, ...legs] : legs,
              lastSignalAt: signalAt ?? run.lastSignalAt,
            };
          }
          const refusal = botTexts.entryRefused(failure);
          return { state: killed ? 'stopped' : 'exited', reason: refusal.text, reasonI18n: refusal.i18n, lastSignalAt: signalAt ?? run.lastSignalAt };
        }, now);
        if (ok) {
          const title = said('alert.bot_entered_title', { bot: bot.name }, `${bot.name} entered`);
          const body = said(
            'alert.bot_entered_body',
            { legs: legs.length, underlying: bot.underlying, premium: toRupees(premiumPaise) },
            `${legs.length} legs on ${bot.underlying}, net premium ${formatPaise(premiumPaise)}.`,
          );
          await alert(tx, bot, action, 'bot_entered', 'success', title, body, now);
        } else {
          await alert(tx, bot, action, outcome.error ? 'bot_error' : 'bot_rejected', 'danger', said('alert.bot_entry_refused_title', { bot: bot.name }, `${bot.name}: entry refused`), failure ?? refusedByBroker, now);
        }
        return { settled: true, partial };
      }
      if (action.phase === 'adjust') {
        // Whatever filled is closed, even when the action failed: the run never counts a closed leg as open.
        const exitPrices = averageFills(filled);
        const next = await changeRun(tx, bot, day, (run) => ({
          legs: run.legs.map((leg) => {
            const price = exitPrices.get(leg.tradingsymbol);
            return price === undefined || leg.exitPricePaise !== undefined ? leg : { ...leg, exitPricePaise: price };
          }),
        }), now);
        if (!ok) {
          // An exit alert's refused exit of some stocks names them: the trader's alert named stocks, not a leg.
          const [title, body] =
            action.action === 'signal_exit' && action.leg !== null
              ? [botTexts.stockExitRefusedTitle(bot.name, action.leg), botTexts.stockExitRefusedBody(failure)]
              : [said('alert.bot_leg_exit_refused_title', { bot: bot.name }, `${bot.name}: leg exit refused`), retrying(failure)];
          await alert(tx, bot, action, outcome.error ? 'bot_error' : 'bot_rejected', 'danger', title, body, now);
          return { settled: true, partial: false };
        }
        if (isPartialEntryExit(action)) {
          // What a partly refused entry filled, closed; the stock-alert bot's other stocks stay held (issue 63).
          const held = next.legs.filter((leg) => leg.exitPricePaise === undefined).map((leg) => leg.tradingsymbol);
          await alert(tx, bot, action, 'bot_exited', 'info', botTexts.partialEntryClosedTitle(bot.name), botTexts.partialEntryClosedBody([...exitPrices.keys()], held), now);
          return { settled: true, partial: false };
        }
        if (action.action === 'signal_exit') {
          // An alert's exit of some of a stock-alert bot's stocks (issue 63): the others stay held.
          const closedBody = said('alert.bot_closed_legs_body', { legs: exitPrices.size, pnl_known: 'no', pnl: 0 }, `Closed ${exitPrices.size} legs.`);
          await alert(tx, bot, action, 'bot_exited', 'info', exitTitle(bot, action.action), closedBody, now);
          return { settled: true, partial: false };
        }
        const hedges = [...exitPrices.keys()].filter((symbol) => symbol !== action.leg);
        const open = next.legs.filter((leg) => leg.exitPricePaise === undefined).map((leg) => leg.tradingsymbol);
        const body = botTexts.legStopBody({ leg: action.leg ?? '', hedges, unsold: failure, open, atCost: bot.params.move_sl_to_cost === true });
        await alert(tx, bot, action, 'bot_stop_loss', 'warning', exitTitle(bot, action.action), body, now);
        return { settled: true, partial: false };
      }
      if (ok) {
        const { rows: skipped } = await tx.query<{ sequence: number }>(
          `SELECT sequence FROM bot_actions WHERE bot_kind = $1 AND bot_id = $2 AND trading_day = $3::date AND phase = 'entry' AND status = 'skipped'`,
          [bot.kind, bot.id, day],
        );
        const next = await changeRun(tx, bot, day, (run) => {
          const again = mayEnterAgain(bot, run, action.action, skipped.filter((row) => Number(row.sequence) <= run.entries).length, now);
          const why = botTexts.exitReason(action.action);
          return { state: again ? 'waiting' : 'exited', reason: why.text, reasonI18n: why.i18n, legs: run.legs, pnlPaise: pnl, pauseAction: null };
        }, now);
        const event = stopActions.has(action.action) ? 'bot_stop_loss' : action.action === 'target' ? 'bot_target' : 'bot_exited';
        const pnlText = pnl === null ? '' : ` Net P&L today ${formatPaise(pnl)}.`;
        const closedBody = (count: number) =>
          said('alert.bot_closed_legs_body', { legs: count, pnl_known: pnl === null ? 'no' : 'yes', pnl: toRupees(pnl ?? 0) }, `Closed ${count} legs.${pnlText}`);
        // The legs this exit closed: those a leg stop had not closed before.
        const closedNow = next.legs.filter((leg) => leg.exitPricePaise === undefined).length;
        await alert(tx, bot, action, event, event === 'bot_stop_loss' ? 'warning' : event === 'bot_target' ? 'success' : 'info', exitTitle(bot, action.action), closedBody(closedNow), now);
      } else {
        await alert(tx, bot, action, outcome.error ? 'bot_error' : 'bot_rejected', 'danger', said('alert.bot_exit_refused_title', { bot: bot.name }, `${bot.name}: exit refused`), retrying(failure), now);
      }
      return { settled: true, partial: false };
    });
  }

  /** An entry the bot missed (too late to place): recorded once, with its run of the day and the trader's alert. */
  async function recordMissed(bot: EngineBot, day: string, reason: Said, tell: boolean, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<Parameters<typeof toAction>[0]>(
        `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, status, claimed_at, completed_at, message, message_i18n, idempotency_key)
         VALUES ($1, $2, $3::date, 'enter', 1, 'entry', 'skipped', $4, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING ${actionColumns}`,
        [bot.kind, bot.id, day, now, reason.text, reason.i18n, actionKey(bot.kind, bot.id, day, 'enter', 1)],
      );
      const action = rows[0] === undefined ? null : toAction(rows[0]);
      if (action === null) return false;
      await changeRun(tx, bot, day, () => ({ state: 'missed', reason: reason.text, reasonI18n: reason.i18n }), now);
      if (tell) await alert(tx, bot, action, 'bot_missed', 'warning', botTexts.missedTitle(bot.name), reason, now);
      return true;
    });
  }

  /** An entry a crash interrupted before its broker call, taken over too late to place: skipped as missed. */
  async function skipInterrupted(bot: EngineBot, action: ActionRow, now: Date): Promise<void> {
    const reason = botTexts.missedInterrupted;
    await db.transaction(async (tx) => {
      await tx.query(`UPDATE bot_actions SET status = 'skipped', completed_at = $2, message = $3, message_i18n = $4 WHERE id = $1 AND status = 'claimed'`, [
        action.id,
        now,
        reason.text,
        reason.i18n,
      ]);
      await changeRun(tx, bot, action.day, () => ({ state: 'missed', reason: reason.text, reasonI18n: reason.i18n }), now);
      await alert(tx, bot, action, 'bot_missed', 'warning', botTexts.missedTitle(bot.name), reason, now);
    });
  }

  /** Why the broker refused or cancelled an order of the action: its coded reason when it has one. */
  function refusalOf(order: BrokerOrder): Said {
    const english = order.status_message ?? order.status;
    const reason = order.status_message_i18n ? { text: english, i18n: order.status_message_i18n } : words(english);
    return botTexts.orderRefused(order.tradingsymbol, reason);
  }

  function retrying(failure: Said | null): Said {
    const reason = failure ?? refusedByBroker;
    return said('alert.bot_retry_body', { reason: reason.i18n }, `${reason.text} The engine tries again in a minute.`);
  }

  function exitTitle(bot: EngineBot, action: BotActionName): Said {
    return said('alert.bot_exit_title', { bot: bot.name, action }, `${bot.name}: ${botTexts.exitReason(action).text}`);
  }

  return { complete, alert, recordMissed, skipInterrupted };
}
