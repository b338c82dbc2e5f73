// The report as CSV: one line per leg of every trade (the trade's figures repeated on each of its legs, so a
// spreadsheet can filter and sum either way). Numbers are written plainly (dot decimals, no grouping) so every
// spreadsheet reads them; the headers are in the trader's language.
import type { Backtest } from '@/features/backtests/api/backtest-calls';

export const csvColumns = [
  'trade',
  'entered_at',
  'exited_at',
  'tradingsymbol',
  'side',
  'quantity',
  'entry_price',
  'entry_modelled',
  'exit_price',
  'exit_modelled',
  'exit_rule',
  'trade_gross_pnl',
  'trade_charges',
  'trade_net_pnl',
] as const;

export type CsvColumn = (typeof csvColumns)[number];

/** A field quoted when it holds a separator, a quote or a line break (RFC 4180); a leading = + - @ is defused. */
function field(value: string | number | boolean): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function reportCsv(backtest: Backtest, headers: Record<CsvColumn, string>): string {
  const lines = [csvColumns.map((column) => field(headers[column])).join(',')];
  for (const trade of backtest.trades) {
    for (const leg of trade.legs) {
      const row: Record<CsvColumn, string | number | boolean> = {
        trade: trade.number,
        entered_at: trade.entered_at,
        exited_at: trade.exited_at,
        tradingsymbol: leg.tradingsymbol,
        side: leg.side,
        quantity: leg.quantity,
        entry_price: leg.entry_price,
        entry_modelled: leg.entry_modelled,
        exit_price: leg.exit_price,
        exit_modelled: leg.exit_modelled,
        exit_rule: leg.exit_rule,
        trade_gross_pnl: trade.gross_pnl,
        trade_charges: trade.charges.total,
        trade_net_pnl: trade.net_pnl,
      };
      lines.push(csvColumns.map((column) => field(row[column])).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
