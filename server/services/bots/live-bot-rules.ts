// A bot on a live broker account trades real money, so it runs live only deliberately (issue 22): its mode
// must say live (a bot's mode is its account's: paper on the paper broker, live on any other), and it is
// made active only on a logged-in account whose risk limits cap the day's loss, with the account's number
// typed by the trader, each time. Pausing and stopping never need any of it.
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import type { RequestedMode } from './bot-rules.ts';

type AccountRow = { broker: string; account_number: string; session_expires_at: Date | null; max_loss_today_paise: string | null };

/** The mode the bot will be stored with, or why it may not be (a 4xx naming the field). */
export async function checkBotMode(
  q: Queryable,
  portfolioId: number,
  requested: RequestedMode,
  { activating, confirmation, now }: { activating: boolean; confirmation: string | undefined; now: Date },
): Promise<'paper' | 'live'> {
  const { rows } = await q.query<AccountRow>(
    `SELECT k.slug AS broker, a.account_number, a.session_expires_at, r.max_loss_today_paise
     FROM portfolios p JOIN broker_accounts a ON a.id = p.broker_account_id JOIN brokers k ON k.id = a.broker_id
       LEFT JOIN risk_limits r ON r.broker_account_id = a.id
     WHERE p.id = $1`,
    [portfolioId],
  );
  const account = rows[0]!;
  if (account.broker === 'paper') {
    if (requested === 'live') {
      throw new DomainError('live_trading_unavailable', `mode: account ${account.account_number} trades on paper; a bot runs live only on a live broker's account`, { field: 'mode' });
    }
    return 'paper';
  }
  if (requested !== 'live') {
    const message = `mode: account ${account.account_number} trades real money; a bot on it must be set to live, with the account number typed to confirm`;
    throw new DomainError('live_trading_unavailable', message, { field: 'mode' });
  }
  if (!activating) return 'live';
  if (account.session_expires_at === null || new Date(account.session_expires_at).getTime() <= now.getTime()) {
    throw new DomainError('broker_session_expired', `Log in to the broker for account ${account.account_number} before a bot trades on it live.`, { field: 'status' });
  }
  if (account.max_loss_today_paise === null) {
    const message = `A bot trades account ${account.account_number} live only under a maximum loss for the day: set it in the account's risk limits first.`;
    throw new DomainError('risk_limits_required', message, { field: 'mode' });
  }
  if (confirmation?.trim().toUpperCase() !== account.account_number.toUpperCase()) {
    throw new DomainError('confirmation_mismatch', `live_confirmation: type the account number ${account.account_number} to let this bot trade real money`, {
      field: 'live_confirmation',
    });
  }
  return 'live';
}
