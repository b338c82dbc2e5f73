/**
 * The account a replay trades in: the server's replay book has one paper account of its own, `RP1`
 * (services/analysis/replay/replay-book.ts), which no broker and no paper book of the trader can reach. While a replay
 * is open the desk trades on it, and the trading and position calls that name it go to the replay's routes.
 */
import type { components } from '@openapi/main';
import { openReplay, replayCloseMs } from '@/lib/replay/replay-atom';
import { REPLAY_BROKER } from '@/lib/trading/trading-mode';

type BrokerAccount = components['schemas']['BrokerAccount'];
type Replay = components['schemas']['Replay'];

export const REPLAY_ACCOUNT_NUMBER = 'RP1';
/** ₹10,00,000, the replay book's capital (docs/api.md). */
const replayCapital = 1_000_000;

export function replayAccount(replay: Replay): BrokerAccount {
  return {
    id: 0,
    broker: REPLAY_BROKER,
    // The index and the day: the same in every language, and the mode badge says "Replay" in the trader's.
    name: `${replay.index} ${replay.day}`,
    account_number: REPLAY_ACCOUNT_NUMBER,
    api_key: '',
    capital: replayCapital,
    is_logged_in: true,
    session_expires_at: new Date(replayCloseMs(replay)).toISOString(),
  };
}

/** The open replay when `accountNumber` is its account (its calls go to the replay's routes), else null. */
export function replayTradedBy(accountNumber: string): Replay | null {
  return accountNumber === REPLAY_ACCOUNT_NUMBER ? openReplay() : null;
}
