// What a paper book (backtests/paper-book.ts) trades under: the server's own services, built over the book's
// database by the services root and handed in (services.ts passes its bookServices), so that nothing in
// analysis imports the root it sits below. The members are the ones a book's engine, orders and reports use.
import type { Database } from '../../db/database.ts';
import type { DailyBot, TradingBot } from '../bots/bot-rules.ts';
import type { BotsService } from '../bots/bots-service.ts';
import type { BotEngine } from '../bots/engine/bot-engine.ts';
import type { BotStatusService } from '../bots/engine/bot-status.ts';
import type { PaperTrading } from '../brokers/paper/paper-trading.ts';
import type { PriceSource } from '../brokers/paper/price-source.ts';
import type { Clock, Wait } from '../clock.ts';
import type { Repricer } from '../execution/repricer.ts';
import type { MarketService } from '../market/market-service.ts';
import type { KillSwitchService } from '../trading/kill-switch-service.ts';
import type { RiskLimitsService } from '../trading/risk-limits-service.ts';
import type { TradingService } from '../trading/trading-service.ts';

export type BookServices = {
  market: MarketService;
  trading: TradingService;
  paperTrading: PaperTrading;
  killSwitch: KillSwitchService;
  riskLimits: RiskLimitsService;
  botEngine: BotEngine;
  repricer: Repricer;
  botStatus: BotStatusService;
  tradingBots: BotsService<TradingBot>;
  dailyBots: BotsService<DailyBot>;
};

/** A book's database, its clock and prices (history's), how its paced orders wait, and the slug seeding it. */
export type BookServicesOptions = { db: Database; clock: Clock; prices: PriceSource; wait?: Wait | undefined; slug: string };

export type BookServicesFactory = (options: BookServicesOptions) => BookServices;
