import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { replayTradedBy } from '@/lib/replay/replay-account';
import { getReplayPositionBook } from '@/lib/replay/replay-calls';

type Schemas = components['schemas'];
export type Position = Schemas['Position'];
export type PositionBook = Schemas['PositionBook'];
export type PortfolioPositions = Schemas['PortfolioPositions'];
export type PositionSummary = Schemas['PositionSummary'];

/** The account's net and day positions, margins and whether the broker data is fresh. */
export async function getPositionBook(accountNumber: string, date?: string): Promise<PositionBook> {
  // An open replay's account: its own book's positions, with P&L at the replayed minute (lib/replay).
  const replay = replayTradedBy(accountNumber);
  if (replay !== null) return getReplayPositionBook(replay.id);
  const answer = await mainApi().GET('/api/position-book/position-book/{accountNumber}', {
    params: { path: { accountNumber }, query: date === undefined ? {} : { start_date: date } },
  });
  return requireField(answer, 'position_book').position_book;
}

/** One portfolio's positions (its own trades netted). */
export async function getPositions(portfolioId: number, date?: string): Promise<PortfolioPositions> {
  const answer = await mainApi().GET('/api/position/position/{portfolioId}/', {
    params: { path: { portfolioId }, query: date === undefined ? {} : { start_date: date } },
  });
  return requireField(answer, 'data').data;
}

export async function getPositionSummary(portfolioId: number, date?: string): Promise<PositionSummary> {
  const answer = await mainApi().GET('/api/position/summary/{id}/', {
    params: { path: { id: portfolioId }, query: date === undefined ? {} : { start_date: date } },
  });
  return requireField(answer, 'data').data;
}

export type BotPositionGroup = Schemas['BotPositionGroup'];
export type PositionsByBot = Schemas['PositionsByBotResponse']['data'];

/** One portfolio's positions grouped by the bot that made them; the trader's own orders have no bot. */
export async function getPositionsByBot(portfolioId: number, date?: string): Promise<PositionsByBot> {
  const answer = await mainApi().GET('/api/position/by-bot/{portfolioId}/', {
    params: { path: { portfolioId }, query: date === undefined ? {} : { start_date: date } },
  });
  return requireField(answer, 'data').data;
}
