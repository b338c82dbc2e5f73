/**
 * The dashboard's broker figures in one read: every broker account with its position book (an account whose
 * book could not be read says so on its own row) and what the bots of its portfolios do today (one state read
 * per portfolio).
 */
import { getBrokerAccounts } from '@/features/brokers/api/get-broker-accounts';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { botsToday, type BotsToday } from '@/app/dashboard/bots-today';
import { getBotStates } from '@/features/portfolios/api/get-bot-states';
import { getPortfolios } from '@/features/portfolios/api/get-portfolios';
import { getPositionBook, type Position, type PositionBook } from '@/features/positions/api/position-calls';
import { isPriced } from '@/features/positions/model/position-marks';

export type AccountFigures = { account: BrokerAccount; book: PositionBook | null };
export type DashboardData = { accounts: AccountFigures[]; bots: BotsToday | null };

/** `notLive`: positions whose m2m is marked at their last trade's price for want of a quote. */
export type DayPnl = { net: number; gross: number; charges: number; notLive: number };

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * Today's P&L of a book: the net positions' mark-to-market since the previous close (carried quantity and
 * today's trades), less today's charges. Summed in paise so the rupees come out exact.
 */
export function dayPnl(book: PositionBook): DayPnl {
  const gross = book.net.reduce((sum, position) => sum + paise(position.m2m), 0);
  const charges = book.day.reduce((sum, position) => sum + paise(position.charges), 0);
  // m2m needs the price for what is held now and the close for what was carried, even if closed since.
  const notLive = book.net.filter((position) => (position.quantity !== 0 || position.overnight_quantity !== 0) && !isPriced(position)).length;
  return { gross: gross / 100, charges: charges / 100, net: (gross - charges) / 100, notLive };
}

export const openPositions = (book: PositionBook): Position[] => book.net.filter((position) => position.quantity !== 0);

export type OpenPositionCount = { positions: Position[]; accounts: number };

/**
 * The open positions of the readable books and how many accounts hold them. An account whose positions are
 * all closed holds none: counting every book read ("8 open positions across 2 accounts" when one account had
 * only a closed position) named an account with nothing open.
 */
export function openPositionCount(books: readonly PositionBook[]): OpenPositionCount {
  const perAccount = books.map(openPositions);
  return { positions: perAccount.flat(), accounts: perAccount.filter((open) => open.length > 0).length };
}

async function botCounts(accounts: readonly BrokerAccount[]): Promise<DashboardData['bots']> {
  const portfolios = (await Promise.all(accounts.map((account) => getPortfolios(account.id)))).flat();
  const answers = await Promise.all(portfolios.map((portfolio) => getBotStates(portfolio.id)));
  return botsToday(answers.flatMap((answer) => answer.bots));
}

export async function loadDashboard(): Promise<DashboardData> {
  const accounts = await getBrokerAccounts();
  const [books, bots] = await Promise.all([
    Promise.all(accounts.map((account) => getPositionBook(account.account_number).catch(() => null))),
    botCounts(accounts).catch(() => null),
  ]);
  return { accounts: accounts.map((account, i) => ({ account, book: books[i] ?? null })), bots };
}
