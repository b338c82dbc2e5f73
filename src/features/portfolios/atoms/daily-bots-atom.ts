import { atom } from 'jotai';
import type { DailyBot } from '@/features/portfolios/api/portfolio-types';
import type { PortfolioBots } from '@/features/portfolios/model/bot-kind';

/** The selected portfolio's daily bots, with the id of that portfolio. */
export const dailyBotsAtom = atom<PortfolioBots<DailyBot>>({ portfolioId: null, bots: [] });
