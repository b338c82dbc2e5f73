// Builds the domain services over one database. Later areas (orders, positions) add their service
// here, and routes reach them through the route context.
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { createAccountsService, type AccountsService } from './accounts/accounts-service.ts';
import { createHashSlots, defaultHashConcurrency, type HashQueueLimits, type HashSlots, type StartTimer } from './accounts/hash-slots.ts';
import { createPasswordHasher, owaspScryptCost, type PasswordHasher, type ScryptCost } from './accounts/passwords.ts';
import { createDeviceTokens } from './device-tokens.ts';
import { defaultThrottleLimits, type ThrottleLimits } from './throttle-limits.ts';
import { createBrokerAccountsService, type BrokerAccountsService } from './broker-accounts/broker-accounts-service.ts';
import { dailyBotKind, tradingBotKind } from './bots/bot-kinds.ts';
import type { DailyBot, TradingBot } from './bots/bot-rules.ts';
import { createBotsService, type BotsService } from './bots/bots-service.ts';
import { createBrokerRegistry, type BrokerRegistry } from './brokers/broker-adapter.ts';
import { createBrokersService, type BrokersService } from './brokers/brokers-service.ts';
import { createPaperBroker, type PaperBroker } from './brokers/paper/paper-broker.ts';
import type { Clock } from './clock.ts';
import { createPortfoliosService, type PortfoliosService } from './portfolios/portfolios-service.ts';
import { createSecretBox } from './secrets/secret-box.ts';
import { createStrategiesService, type StrategiesService } from './strategies/strategies-service.ts';
import { createMarketService, type MarketService } from './market/market-service.ts';
import { createMarketFacts, type MarketFactsService } from './market/facts/market-facts.ts';
import { createUnderlyingSearch, type UnderlyingSearch } from './market/underlyings/underlying-search.ts';
import { createBanListService, type BanListService } from './market/ban-list/ban-list.ts';
import { createAnalyticsService, type AnalyticsService } from './analytics/analytics-service.ts';
import { seedOf } from './market/simulator.ts';
import { liveRecording } from './history/live-recording.ts';
import { createMarketRecorder, simulatorRecording, type MarketRecorder, type MarketRecorderOptions } from './history/market-recorder.ts';
import { watchedStocks } from './history/watched-stocks.ts';
import { createFollowedInstruments, type FollowedInstruments } from './market/followed-instruments.ts';
import type { RecordingSource } from './history/recorded-minutes-store.ts';
import { createMarketFeed, type MarketFeed } from './market/market-feed.ts';
import { createPaperTrading, type PaperTrading } from './brokers/paper/paper-trading.ts';
import type { PriceSource } from './brokers/paper/price-source.ts';
import { marketPrices } from './brokers/paper/market-prices.ts';
import { createKillSwitchService, type KillSwitchHooks, type KillSwitchService } from './trading/kill-switch-service.ts';
import type { PipelineHooks } from './trading/intent-gate.ts';
import { createRiskLimitsService, type RiskLimitsService } from './trading/risk-limits-service.ts';
import { createTradingService, type TradingService } from './trading/trading-service.ts';
import { createExecution, type Execution } from './execution/execution.ts';
import { createRepricer, type Repricer } from './execution/repricer.ts';
import { createExecutionSettings, type ExecutionSettings } from './execution/execution-settings.ts';
import { createTradingAccounts } from './trading/trading-accounts.ts';
import { createProtectionService, type ProtectionService } from './portfolios/protection-service.ts';
import { createProtectionWatcher, type ProtectionWatcher } from './portfolios/protection-watcher.ts';
import { timerWait, type Wait } from './clock.ts';
import { kiteRateLimits, type RateLimits } from './trading/order-rate.ts';
import { createBotEngine, type BotEngine, type EngineHooks } from './bots/engine/bot-engine.ts';
import { createWebhookReceiver, type WebhookReceiver } from './bots/webhooks/webhook-receiver.ts';
import { createWebhookSettings, type WebhookSettingsService } from './bots/webhooks/webhook-settings.ts';
import { createApprovalsService, type ApprovalsService } from './bots/approvals/approvals-service.ts';
import { createBotStatus, type BotStatusService } from './bots/engine/bot-status.ts';
import { createAlertServices, type AlertServices, type PushOptions } from './alerts/alert-services.ts';
import { marketLastPrices, type LastPriceSource } from './alerts/watchers/price-watcher.ts';
import { createKiteLive, type KiteLive, type KiteLiveOptions } from './brokers/kite-broker/kite-live.ts';
import { createLiveFeeds } from './brokers/live-feeds.ts';
import { createAccountPrices } from './brokers/account-prices.ts';
import { createUpstoxLive, type UpstoxLive, type UpstoxLiveOptions } from './brokers/upstox-broker/upstox-live.ts';
import { createDhanLive, type DhanLive, type DhanLiveOptions } from './brokers/dhan-broker/dhan-live.ts';
import { createNorenLive, type NorenLive } from './brokers/noren-broker/noren-live.ts';
import { flattrade, shoonya, type NorenEndpoints } from './brokers/noren/noren-endpoints.ts';
import type { FeedTuning } from './brokers/live/feed-socket.ts';
import { createHistoryImportService, type HistoryImportService } from './history/history-import-service.ts';
import type { SharedJobs } from './jobs/shared-jobs.ts';
import { createOpenInterestCharts, type OpenInterestCharts } from './open-interest/oi-charts.ts';
import { createIvCharts, type IvCharts } from './history/volatility/iv-charts.ts';
import { createKiteMinutesImport, type KiteMinutesImport } from './history/kite-minutes-import.ts';
import { createUpstoxHistoryCalls } from './history/upstox-history-calls.ts';
import { createUpstoxMinutesImport, type UpstoxMinutesImport } from './history/upstox-minutes-import.ts';
import { createBrokerCandlesImport, type BrokerCandlesImport } from './history/broker-candles-import.ts';
import { createMarketDepthReads, type MarketDepthReads } from './trading/market-depth.ts';
import { createOptionRolls, type OptionRolls } from './trading/option-rolls.ts';
import { dhanCandleSource, norenCandleSource } from './history/broker-candle-sources.ts';
import { createPremiumService, type PremiumService } from './premium/premium-service.ts';
import { createUpstoxPacing } from './brokers/upstox/upstox-pacing.ts';
import { createStreamNotices, type StreamNotices } from './notices/stream-notices.ts';
import { createAnalysis, type BacktestRun, type BacktestServices, type BookServicesOptions, type ReplayBooks, type ReplayBots, type ReplayOrders, type ReplayOwners, type ReplaySessions } from './analysis/index.ts';
import { webPush } from './alerts/vapid-keys.ts';

export type Services = {
  accounts: AccountsService;
  passwords: PasswordHasher;
  /** The line in front of the password hashes (tests and the sign-in bench watch its length). */
  hashSlots: HashSlots;
  brokerRegistry: BrokerRegistry;
  /** The paper broker also hosts its login page (server/http/broker-login-routes.ts). */
  paperBroker: PaperBroker;
  brokers: BrokersService;
  brokerAccounts: BrokerAccountsService;
  portfolios: PortfoliosService;
  strategies: StrategiesService;
  tradingBots: BotsService<TradingBot>;
  dailyBots: BotsService<DailyBot>;
  market: MarketService;
  /** Records the simulator's minutes into market history; null when MARKET_RECORDING_DAYS is 0. */
  marketRecorder: MarketRecorder | null;
  /** Records what this instance's live feeds (Kite, Upstox) follow as real minutes; null when MARKET_RECORDING_DAYS is 0. */
  liveRecorder: MarketRecorder | null;
  /** Tells this instance's live price streams when the market moved. */
  marketFeed: MarketFeed;
  /** What this instance's simulator price streams follow (the recorder's watched stocks read it). */
  followedInstruments: FollowedInstruments;
  /** The paper broker's order engine (its fills run on the market's ticks). */
  paperTrading: PaperTrading;
  /** What traders' streams tell besides prices and orders (a session ended, an alert, a kill switch): read each pass. */
  streamNotices: StreamNotices;
  trading: TradingService;
  killSwitch: KillSwitchService;
  /** Watched by the leader after each tick (server/app.ts). */
  riskLimits: RiskLimitsService;
  /** A portfolio's combined stop-loss, target, trailing stop-loss and profit lock (issue 41). */
  protection: ProtectionService;
  /** Watches the protections and carries out their exits after each tick the leader led (after-market-tick.ts). */
  protectionWatcher: ProtectionWatcher;
  /** The analytics backend's tables: read by /analytics/rest/v1, written by the leader after each tick. */
  analytics: AnalyticsService;
  /** Runs the bots after each tick the leader led (server/app.ts). */
  botEngine: BotEngine;
  /** The accounts' execution policies, and the re-pricer the leader ticks after the bots (execution/). */
  execution: Execution;
  repricer: Repricer;
  executionSettings: ExecutionSettings;
  /** A trading bot's webhook (issue 41): its address as the owner sets it, and the deliveries it receives. */
  webhooks: { settings: WebhookSettingsService; receiver: WebhookReceiver };
  /** Approve-first bots (issue 41): their settings, proposals and the trader's decisions. */
  approvals: ApprovalsService;
  /** What the bots' cards and histories show. */
  botStatus: BotStatusService;
  /** The alerts feed, price alerts, push devices, and the watchers the market loop runs after each pass. */
  alerts: AlertServices;
  /** Live trading on Kite Connect: its postbacks and the leader's periodic /orders read (server/app.ts). */
  kite: KiteLive;
  upstox: UpstoxLive;
  /** Live trading on Dhan (DhanHQ v2): the consent login, orders and books, the leader's periodic book read. */
  dhan: DhanLive;
  /** Live trading on the Noren brokers: Shoonya (Finvasia) and Flattrade, one adapter in two configurations. */
  shoonya: NorenLive;
  flattrade: NorenLive;
  /** Imported exchange history (bhavcopies, minute candles): import, coverage, and deleting one's own days. */
  history: HistoryImportService;
  /** The job queue shared by every instance on the database, and its workers (app.ts starts them); absent before. */
  jobs?: SharedJobs;
  /** The implied volatility charts' reads of market history (ATM IV over a day and across days, IV rank and percentile, smiles). */
  ivCharts: IvCharts;
  /** A strategy's combined premium as candles (the strategy premium chart). */
  premium: PremiumService;
  /** Index minute candles fetched from a trader's logged-in Kite account into the same history. */
  kiteHistory: KiteMinutesImport;
  /** Index and expired option minute candles fetched from a trader's logged-in Upstox account into the same history. */
  upstoxHistory: UpstoxMinutesImport;
  /** Index minute and daily candles fetched from a trader's logged-in Dhan, Shoonya or Flattrade account into the same history. */
  brokerHistory: BrokerCandlesImport;
  /** A contract's depth beyond the best bid and ask, where the account's broker streams it (Dhan's 20 levels). */
  marketDepth: MarketDepthReads;
  /** An option position's roll to the next expiry, planned (issue 63). */
  optionRolls: OptionRolls;
  /** The open-interest charts' reads of market history (issue 40). */
  openInterest: OpenInterestCharts;
  /** Every market fact in force on a day with its source and age (the Market facts screen, issue 60). */
  marketFacts: MarketFactsService;
  /** The underlyings (indices and F&O stocks) a search box finds, from the dated tables held in memory (issue 63). */
  underlyings: UnderlyingSearch;
  /** The F&O ban list by trade date, imported from NSE's file (issue 63). */
  banList: BanListService;
  /** Backtests: the jobs, the request checks and this instance's worker. */
  backtests: BacktestServices;
  /** Replays of past days (issue 39): each trader's replay and its replayed clock. */
  replays: ReplaySessions;
  /** This instance's replay books, each brought to its replay's stored state before it answers. */
  replayBooks: ReplayBooks;
  /** Which instance holds each replay's book (PostgreSQL; null on PGlite, one instance). */
  replayOwners: ReplayOwners | null;
  /** Orders and books of the replays (their own books, never the trader's). */
  replayOrders: ReplayOrders;
  /** The bot of a replay: attached, its state, its report (a backtest's of the day). */
  replayBots: ReplayBots;
};

export type TradingHooks = PipelineHooks & KillSwitchHooks;

export type ServicesOptions = {
  db: Database;
  clock: Clock;
  /** AES-256 key sealing broker credentials at rest (secrets/secret-key.ts says where it comes from). */
  secretKey: Buffer;
  scryptCost?: ScryptCost | undefined;
  /** Tests only: a hasher standing in for scrypt (counting or holding verifications). */
  hasher?: PasswordHasher | undefined;
  /** How many password hashes may run at once (hash-slots.ts); more wait in a short line. */
  hashConcurrency?: number | undefined;
  /** Tests only: the hash line's other limits, and a timer for its waits. */
  hashQueue?: { limits?: Partial<Omit<HashQueueLimits, 'slots'>>; startTimer?: StartTimer } | undefined;
  throttleLimits?: Partial<ThrottleLimits> | undefined;
  /**
   * The simulated market: demo mode, seed text, milliseconds between ticks, the recorder's days kept (default 30)
   * and its least time between samples within a minute (default 5 s).
   */
  market: { demo: boolean; seed: string; tickMs: number; recordingDays?: number; recordingSampleMs?: number };
  /** Tests only: scripted quotes for the paper broker instead of the simulated market's. */
  prices?: PriceSource | undefined;
  /** Tests only: the broker's order rate limits (Kite's by default). */
  rateLimits?: RateLimits | undefined;
  /** Tests only: how an intent paced over several seconds waits for the next one (a timer by default). */
  wait?: Wait | undefined;
  /** Tests only: a crash injected into the bot engine. */
  engineHooks?: EngineHooks | undefined;
  /** Tests only: a crash injected into the order pipeline or the kill switch, between their steps. */
  tradingHooks?: TradingHooks | undefined;
  /** Web push: the VAPID keys (alerts/vapid-keys.ts), and for tests a local push service. */
  push: PushOptions;
  /** Tests only: the price alerts' last prices, given the market's (scripted prices, alone or over the market's). */
  alertPrices?: ((marketPrices: LastPriceSource) => LastPriceSource) | undefined;
  /** Where Kite Connect is (KITE_API_ROOT...), and for tests its client's fetch, time-out and limits. */
  kite: Omit<KiteLiveOptions, 'db' | 'clock' | 'secrets'>;
  /** Where Upstox is (UPSTOX_API_ROOT...), and for tests its client's fetch and time-out. */
  upstox?: Omit<UpstoxLiveOptions, 'db' | 'clock' | 'secrets'> | undefined;
  /** Where Dhan is (DHAN_API_ROOT...), and for tests its client's fetch and time-out. */
  dhan?: Omit<DhanLiveOptions, 'db' | 'clock' | 'secrets'> | undefined;
  /** Where Shoonya and Flattrade are (SHOONYA_*, FLATTRADE_*); the brokers' own when absent. */
  noren?: { shoonya?: NorenEndpoints | undefined; flattrade?: NorenEndpoints | undefined; feed?: FeedTuning | undefined } | undefined;
  /** Tests only: what runs a backtest job instead of the engine over history. */
  backtestRun?: BacktestRun | undefined;
};

export function createServices(options: ServicesOptions): Services {
  const { db, clock, secretKey, scryptCost, hasher, hashConcurrency, hashQueue, throttleLimits, market, prices, rateLimits = kiteRateLimits, wait, engineHooks, tradingHooks, push, alertPrices, kite, upstox, dhan, noren, backtestRun } = options;
  const passwords = hasher ?? createPasswordHasher(scryptCost ?? owaspScryptCost);
  const hashSlots = createHashSlots({ ...hashQueue?.limits, slots: hashConcurrency ?? defaultHashConcurrency }, hashQueue?.startTimer);
  const limits: ThrottleLimits = { ...defaultThrottleLimits, ...throttleLimits };
  const secrets = createSecretBox(secretKey);
  const strategies = createStrategiesService({ db });
  const marketService = createMarketService({ db, clock, seed: seedOf(market.seed), demo: market.demo, tickMs: market.tickMs });
  const priceSource = prices ?? marketPrices(marketService, db);
  const marketFeed = createMarketFeed(marketService);
  const kiteLive = createKiteLive({ db, clock, secrets, wait, ...kite });
  // A paper account may trade on a live account's feed instead of the simulator (issue 38).
  const upstoxLive = createUpstoxLive({ db, clock, secrets, wait, postbackReads: limits.postbackReadsPerClient, ...upstox });
  const dhanLive = createDhanLive({ db, clock, secrets, wait, postbackReads: limits.postbackReadsPerClient, ...dhan });
  const shoonyaLive = createNorenLive({ kind: shoonya, db, clock, secrets, wait, endpoints: noren?.shoonya, feed: noren?.feed });
  const flattradeLive = createNorenLive({ kind: flattrade, db, clock, secrets, wait, endpoints: noren?.flattrade, feed: noren?.feed });
  // The market recorded into market history (issue 39): the simulator's minutes as simulated, the live
  // accounts' feeds as recorded (real prices, which replace a simulated minute).
  const recordingDays = market.recordingDays ?? 30;
  const recorder = (source: RecordingSource, recording: Pick<MarketRecorderOptions, 'isOpen' | 'watched' | 'quotes'>) =>
    recordingDays > 0 ? createMarketRecorder({ db, clock, source, retentionDays: recordingDays, sampleEveryMs: market.recordingSampleMs, ...recording }) : null;
  const liveFeeds = [kiteLive, upstoxLive, dhanLive, shoonyaLive, flattradeLive].map((live) => ({ prices: live.prices, contracts: live.trading.contracts }));
  const liveRecorder = recorder('recorded', liveRecording({ db, market: marketService, feeds: liveFeeds }));
  const feeds = createLiveFeeds({ db, clock, prices: { kite: kiteLive.prices, upstox: upstoxLive.prices, dhan: dhanLive.prices, shoonya: shoonyaLive.prices, flattrade: flattradeLive.prices } });
  const accountPrices = createAccountPrices({ db, simulator: priceSource, feeds });
  const paperTrading = createPaperTrading({ db, clock, prices: accountPrices, market: marketService, feed: marketFeed });
  // The watched stocks' minutes too (issue 63): those held, a bot's, or followed by a stream here (watched-stocks.ts).
  const followedInstruments = createFollowedInstruments();
  const followed = () => [...paperTrading.followed(), ...followedInstruments.list()];
  const marketRecorder = recorder('simulated', simulatorRecording(marketService, watchedStocks({ db, followed })));
  const paperBroker = createPaperBroker({ db, secrets, limits, trading: paperTrading, deviceTokens: createDeviceTokens(secretKey, 'paper-login') });
  const historyWait = wait ?? timerWait;
  // Every broker the server can talk to: the paper broker, Zerodha's Kite Connect, Upstox, Dhan, Shoonya and Flattrade.
  const brokerRegistry = createBrokerRegistry([paperBroker, kiteLive.broker, upstoxLive.broker, dhanLive.broker, shoonyaLive.broker, flattradeLive.broker]);
  // The accounts' execution policies (issue 60): what the app's own orders go out as, and their re-pricing.
  const execution = createExecution({ db, prices: accountPrices });
  const repricer = createRepricer({ db, clock, brokers: brokerRegistry, execution, limits: rateLimits, wait });
  const killSwitch = createKillSwitchService({ db, clock, brokers: brokerRegistry, limits: rateLimits, wait, hooks: tradingHooks, execution });
  const tradingBots = createBotsService(tradingBotKind, { db, clock, strategies, demo: market.demo });
  const dailyBots = createBotsService(dailyBotKind, { db, clock, strategies, demo: market.demo });
  const botEngine = createBotEngine({ db, clock, brokers: brokerRegistry, limits: rateLimits, wait, prices: accountPrices, market: marketService, hooks: engineHooks, execution });
  const trading = createTradingService({ db, clock, brokers: brokerRegistry, limits: rateLimits, wait, hooks: tradingHooks, execution });
  const tradingAccounts = createTradingAccounts({ db, clock, brokers: brokerRegistry });
  return {
    accounts: createAccountsService({ db, clock, hasher: passwords, hashSlots, limits, deviceTokens: createDeviceTokens(secretKey, 'sign-in') }),
    passwords,
    hashSlots,
    brokerRegistry,
    paperBroker,
    marketRecorder,
    liveRecorder,
    brokers: createBrokersService({ db, registry: brokerRegistry }),
    brokerAccounts: createBrokerAccountsService({ db, clock, secrets, brokers: brokerRegistry }),
    portfolios: createPortfoliosService({ db, clock }),
    strategies,
    tradingBots,
    dailyBots,
    market: marketService,
    marketFeed,
    followedInstruments,
    paperTrading,
    streamNotices: createStreamNotices({ db, clock }),
    trading,
    killSwitch,
    protection: createProtectionService({ db, clock, accounts: tradingAccounts }),
    marketDepth: createMarketDepthReads({ accounts: tradingAccounts }),
    optionRolls: createOptionRolls({ db, clock, market: marketService, prices: accountPrices, findAccount: tradingAccounts.findAccount }),
    protectionWatcher: createProtectionWatcher({ db, clock, brokers: brokerRegistry, accounts: tradingAccounts, trading }),
    riskLimits: createRiskLimitsService({ db, clock, brokers: brokerRegistry, killSwitch }),
    analytics: createAnalyticsService({ db, clock, market: marketService, seed: seedOf(market.seed) }),
    botEngine,
    execution,
    repricer,
    executionSettings: createExecutionSettings({ db, clock }),
    webhooks: {
      settings: createWebhookSettings({ db, clock, secrets, ownsBot: async (userId, botId) => (await tradingBots.find(userId, botId)) !== null }),
      receiver: createWebhookReceiver({ db, clock, secrets, engine: botEngine, brokers: brokerRegistry, prices: accountPrices, perToken: limits.webhookPerToken }),
    },
    approvals: createApprovalsService({
      db,
      clock,
      engine: botEngine,
      brokers: brokerRegistry,
      prices: accountPrices,
      ownsBot: async (userId, kind, botId) => ((kind === 'daily' ? await dailyBots.find(userId, botId) : await tradingBots.find(userId, botId)) !== null),
    }),
    botStatus: createBotStatus({ db, clock, brokers: brokerRegistry, prices: accountPrices }),
    alerts: createAlertServices({ db, clock, market: marketService, push, prices: alertPrices?.(marketLastPrices(marketService)) }),
    kite: kiteLive,
    upstox: upstoxLive,
    dhan: dhanLive,
    shoonya: shoonyaLive,
    flattrade: flattradeLive,
    history: createHistoryImportService(db, clock),
    openInterest: createOpenInterestCharts(db),
    marketFacts: createMarketFacts({ db, clock }),
    underlyings: createUnderlyingSearch({ db, clock }),
    banList: createBanListService({ db, clock }),
    ivCharts: createIvCharts(db),
    premium: createPremiumService(db, clock),
    kiteHistory: createKiteMinutesImport({ db, clock, candles: kiteLive.candles }),
    upstoxHistory: createUpstoxMinutesImport({
      db,
      clock,
      wait: historyWait,
      pacing: createUpstoxPacing({ clock, wait: historyWait }),
      calls: createUpstoxHistoryCalls({ db, clock, sessions: upstoxLive.sessions }),
    }),
    brokerHistory: createBrokerCandlesImport({
      db,
      clock,
      wait: historyWait,
      sources: {
        dhan: dhanCandleSource(dhanLive.trading.calls, dhanLive.contracts, dhanLive.contracts.indexIds),
        shoonya: norenCandleSource(shoonya.name, 'shoonya', shoonyaLive.trading.calls, shoonyaLive.contracts),
        flattrade: norenCandleSource(flattrade.name, 'flattrade', flattradeLive.trading.calls, flattradeLive.contracts),
      },
    }),
    ...createAnalysis({ db, clock, bots: { daily: dailyBots, trading: tradingBots }, bookServices, backtestThread: new URL('./backtest-thread.ts', import.meta.url), backtestRun }),
  };
}

/**
 * The server's own services over a paper book's database (a backtest's or a replay's, analysis/): no user's
 * keys, no live broker, no simulated market of its own (the book's prices are history's), its own push keys.
 */
export function bookServices({ db, clock, prices, wait, slug }: BookServicesOptions): Services {
  const vapid = webPush.generateVAPIDKeys();
  return createServices({
    db,
    clock,
    secretKey: randomBytes(32),
    market: { demo: false, seed: slug, tickMs: 0 },
    prices,
    wait,
    push: { vapid: { ...vapid, subject: `mailto:${slug}@strikedesk.example.com` } },
    kite: {},
  });
}
