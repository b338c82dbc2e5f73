import { atom } from 'jotai';
import type { TradingBot } from '@/features/portfolios/api/portfolio-types';
import type { PortfolioBots } from '@/features/portfolios/model/bot-kind';

/** The selected portfolio's trading bots, with the id of that portfolio. */
export const tradingBotsAtom = atom<PortfolioBots<TradingBot>>({ portfolioId: null, bots: [] });
