// A finished backtest of a daily short straddle over three days, as the contract answers it.
import type { components } from '@openapi/main';

type Backtest = components['schemas']['Backtest'];
type Trade = components['schemas']['BacktestTrade'];

const charges = (total: number) => ({ total, by_kind: { brokerage: 80, stt: total - 80 - 5 - 1 - 1 - 3, exchange: 5, sebi: 1, stamp_duty: 1, gst: 3, call_and_trade: 0 } });

export const trade = (number: number, day: string, net: number, rule: Trade['exit_rule'] = 'exit'): Trade => ({
  number,
  entered_at: `${day}T04:00:00.000Z`,
  exited_at: `${day}T09:45:00.000Z`,
  legs: [
    { tradingsymbol: 'NIFTY2471124300CE', option_type: 'CE', strike: 24300, expiry: '2024-07-11', side: 'SELL', quantity: 25, entry_price: 105.35, exit_price: 90.1, entry_modelled: true, exit_modelled: rule !== 'expiry', exit_rule: rule },
    { tradingsymbol: 'NIFTY2471124300PE', option_type: 'PE', strike: 24300, expiry: '2024-07-11', side: 'SELL', quantity: 25, entry_price: 98.2, exit_price: 101.45, entry_modelled: false, exit_modelled: false, exit_rule: rule },
  ],
  gross_pnl: net + 100,
  charges: charges(100),
  net_pnl: net,
  exit_rule: rule,
  reason: rule === 'stop_loss' ? 'Stop-loss hit at 30%' : null,
});

export const doneBacktest: Backtest = {
  id: 7,
  status: 'done',
  progress: 1,
  bot: { kind: 'daily', id: 11, name: 'Morning straddle', underlying: 'NIFTY', strategy: 'short_straddle', lots: 1, stop_loss_pct: 30, target_pct: 50, params: {}, entry_time: '09:20', exit_time: '15:15', weekdays: [1, 2, 3, 4, 5] },
  from: '2024-07-08',
  to: '2024-07-10',
  capital: 500000,
  created_at: '2024-07-12T04:00:00.000Z',
  started_at: '2024-07-12T04:00:01.000Z',
  finished_at: '2024-07-12T04:00:09.000Z',
  error: null,
  summary: {
    net_pnl: 1500.5,
    gross_pnl: 1800.5,
    charges: charges(300),
    trades: 3,
    win_rate: 2 / 3,
    avg_win: 1250.25,
    avg_loss: -1000,
    expectancy: 500.17,
    max_drawdown: { amount: 1000, from: '2024-07-08', to: '2024-07-09', days: 1 },
    best_day: { date: '2024-07-08', pnl: 1500 },
    worst_day: { date: '2024-07-09', pnl: -1000 },
    max_margin: 235000,
    modelled_share: 0.5,
    real_fills: 3,
    modelled_fills: 3,
    trading_days: 3,
  },
  trades: [trade(1, '2024-07-08', 1500), trade(2, '2024-07-09', -1000, 'stop_loss'), trade(3, '2024-07-10', 1000.5, 'expiry')],
  equity: [
    { date: '2024-07-08', equity: 501500, drawdown: 0 },
    { date: '2024-07-09', equity: 500500, drawdown: 1000 },
    { date: '2024-07-10', equity: 501500.5, drawdown: 0 },
  ],
  daily: [
    { date: '2024-07-08', pnl: 1500 },
    { date: '2024-07-09', pnl: -1000 },
    { date: '2024-07-10', pnl: 1000.5 },
  ],
};
