// The house strategy bots shown on /app/strategies and their track record. They place no paper orders, so
// their results come from a documented, deterministic model applied to each closed session's daily bar of
// their index (daily_data): the same bars always give the same statistics.
//
// Each bot trades a notional of `leverage` × its capital for the session, entering at the open and leaving at
// the close. With m = (close − open) / open, r = (high − low) / open and s = the day's implied move
// (iv / √252, iv from the day's snapshots, 12 % when unknown), its return on that notional is, per strategy:
//   short straddle    0.8 s − |m|                      (premium of an at-the-money straddle, less the move)
//   short strangle    0.35 s − max(0, |m| − 0.7 s)
//   iron condor       0.3 s − min(max(0, |m| − 0.6 s), 0.6 s)          (wings cap the loss)
//   iron butterfly    0.8 s − min(|m|, 1.5 s) − 0.1 s                  (wings cost a little premium)
//   long straddle     |m| − 0.8 s
//   bull call spread  clamp(m, −s, s) / 2
//   bear put spread   clamp(−m, −s, s) / 2
//   trend buyer       max(|m| − 0.4 s, −0.4 s) / 2 − r / 20          (a chopped-up range costs it)
// less costs of 0.02 % of notional a session. A day is a win when its P&L is positive; each session
// completes one trade per leg.

export type HouseBot = {
  name: string;
  strategy: string;
  underlying: 'NIFTY' | 'BANKNIFTY' | 'FINNIFTY' | 'MIDCPNIFTY' | 'SENSEX';
  description: string;
  /** Rupees. */
  capital: number;
  leverage: number;
  legs: number;
};

/** A house bot's stable key (its name in snake case: nifty_expiry_straddle), the code the app names and describes it by. */
export const houseBotKey = (bot: Pick<HouseBot, 'name'>) => bot.name.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/** A house bot's name and description as codes (texts/said.ts), stored beside their English words. */
export const houseBotTexts = (bot: HouseBot) => ({
  name: JSON.stringify({ code: 'house_bot.name', params: { bot: houseBotKey(bot) } }),
  description: JSON.stringify({ code: 'house_bot.description', params: { bot: houseBotKey(bot) } }),
});

export const houseBots: readonly HouseBot[] = [
  { name: 'NIFTY expiry straddle', strategy: 'short_straddle', underlying: 'NIFTY', capital: 250_000, leverage: 6, legs: 2, description: 'Sells the at-the-money call and put at the open and buys them back at the close.' },
  { name: 'NIFTY iron condor', strategy: 'iron_condor', underlying: 'NIFTY', capital: 150_000, leverage: 8, legs: 4, description: 'Sells a strangle about one day\u2019s move away and buys wings beyond it, so the loss is capped.' },
  { name: 'BANKNIFTY strangle', strategy: 'short_strangle', underlying: 'BANKNIFTY', capital: 300_000, leverage: 5, legs: 2, description: 'Sells out-of-the-money calls and puts on BANKNIFTY and keeps the premium when the day stays in range.' },
  { name: 'BANKNIFTY momentum buyer', strategy: 'trend_option_buyer', underlying: 'BANKNIFTY', capital: 100_000, leverage: 4, legs: 1, description: 'Buys options in the direction of the opening move and exits at the close.' },
  { name: 'FINNIFTY iron butterfly', strategy: 'iron_butterfly', underlying: 'FINNIFTY', capital: 120_000, leverage: 6, legs: 4, description: 'Sells the at-the-money straddle and buys protective wings.' },
  { name: 'MIDCPNIFTY breakout straddle', strategy: 'long_straddle', underlying: 'MIDCPNIFTY', capital: 80_000, leverage: 5, legs: 2, description: 'Buys the at-the-money straddle, betting on a move bigger than the options price in.' },
  { name: 'SENSEX bull call spread', strategy: 'bull_call_spread', underlying: 'SENSEX', capital: 90_000, leverage: 6, legs: 2, description: 'Buys an at-the-money call and sells one further out: a bounded bet on a rising SENSEX.' },
  { name: 'NIFTY bear put spread', strategy: 'bear_put_spread', underlying: 'NIFTY', capital: 90_000, leverage: 6, legs: 2, description: 'Buys an at-the-money put and sells one further out: a bounded bet on a falling NIFTY.' },
];

export type DailyBar = { date: string; open: number; high: number; low: number; close: number; iv: number | null };

const costRate = 0.0002;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The bot's return on its notional for one session (see the model above). */
export function sessionReturn(strategy: string, bar: DailyBar): number {
  const m = (bar.close - bar.open) / bar.open;
  const r = (bar.high - bar.low) / bar.open;
  const s = (bar.iv ?? 12) / 100 / Math.sqrt(252);
  const move = Math.abs(m);
  let gross: number;
  switch (strategy) {
    case 'short_straddle':
      gross = 0.8 * s - move;
      break;
    case 'short_strangle':
      gross = 0.35 * s - Math.max(0, move - 0.7 * s);
      break;
    case 'iron_condor':
      gross = 0.3 * s - Math.min(Math.max(0, move - 0.6 * s), 0.6 * s);
      break;
    case 'iron_butterfly':
      gross = 0.8 * s - Math.min(move, 1.5 * s) - 0.1 * s;
      break;
    case 'long_straddle':
      gross = move - 0.8 * s;
      break;
    case 'bull_call_spread':
      gross = clamp(m, -s, s) / 2;
      break;
    case 'bear_put_spread':
      gross = clamp(-m, -s, s) / 2;
      break;
    default:
      gross = Math.max(move - 0.4 * s, -0.4 * s) / 2 - r / 20;
  }
  return gross - costRate;
}

export type BotRecord = {
  pnl: number;
  pnlPct: number;
  winRate: number;
  trades: number;
  maxDrawdownPct: number;
  equityCurve: { date: string; equity: number }[];
};

const rupees = (value: number) => Math.round(value * 100) / 100;

/** The bot's record over the bars (oldest first): P&L, win rate, trades, deepest drawdown and equity curve. */
export function botRecord(bot: HouseBot, bars: readonly DailyBar[]): BotRecord {
  let equity = bot.capital;
  let peak = equity;
  let deepest = 0;
  let wins = 0;
  const equityCurve: BotRecord['equityCurve'] = [];
  for (const bar of bars) {
    const pnl = rupees(bot.capital * bot.leverage * sessionReturn(bot.strategy, bar));
    if (pnl > 0) wins += 1;
    equity = rupees(equity + pnl);
    peak = Math.max(peak, equity);
    deepest = Math.max(deepest, (peak - equity) / bot.capital);
    equityCurve.push({ date: bar.date, equity });
  }
  const pnl = rupees(equity - bot.capital);
  return {
    pnl,
    pnlPct: Math.round((pnl / bot.capital) * 10_000) / 100,
    winRate: bars.length === 0 ? 0 : Math.round((wins / bars.length) * 10_000) / 100,
    trades: bars.length * bot.legs,
    maxDrawdownPct: Math.round(deepest * 10_000) / 100,
    equityCurve,
  };
}
