// A bot on a live broker account trades real money, so it runs live only deliberately (issue 22): its mode
// must say live (a bot's mode is its account's: paper on the paper broker, live on any other), and it is
// made active only on a logged-in account whose risk limits cap the day's loss, with the account's number
// typed by the trader, each time. Pausing and stopping never need any of it.
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { botRuleTexts } from '../texts/bot-rule-texts.ts';
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
      throw DomainError.said('live_trading_unavailable', botRuleTexts.liveOnPaper(account.account_number), { field: 'mode' });
    }
    return 'paper';
  }
  if (requested !== 'live') {
    throw DomainError.said('live_trading_unavailable', botRuleTexts.liveRequired(account.account_number), { field: 'mode' });
  }
  if (!activating) return 'live';
  if (account.session_expires_at === null || new Date(account.session_expires_at).getTime() <= now.getTime()) {
    throw DomainError.said('broker_session_expired', botRuleTexts.liveLoginFirst(account.account_number), { field: 'status' });
  }
  if (account.max_loss_today_paise === null) {
    throw DomainError.said('risk_limits_required', botRuleTexts.liveMaxLossRequired(account.account_number), { field: 'mode' });
  }
  if (confirmation?.trim().toUpperCase() !== account.account_number.toUpperCase()) {
    throw DomainError.said('confirmation_mismatch', botRuleTexts.liveConfirmation(account.account_number), { field: 'live_confirmation' });
  }
  return 'live';
}
