import { useIntl, type MessageDescriptor } from 'react-intl';
import type { Backtest } from '@/features/backtests/api/backtest-calls';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { reportCsv, type CsvColumn } from '@/features/backtests/model/report-csv';
import { Button } from '@/components/ui/button';

/** Downloads every trade's legs as CSV (built on the device: it works offline on a kept report too). */
export function CsvExportButton({ backtest }: { backtest: Backtest }) {
  const intl = useIntl();
  const handleExport = () => {
    const say = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
    const headers: Record<CsvColumn, string> = {
      trade: say(messages.csvTrade),
      entered_at: say(messages.csvEnteredAt),
      exited_at: say(messages.csvExitedAt),
      tradingsymbol: say(messages.csvSymbol),
      side: say(messages.side),
      quantity: say(messages.quantity),
      entry_price: say(messages.csvEntryPrice),
      entry_modelled: say(messages.csvEntryModelled),
      exit_price: say(messages.csvExitPrice),
      exit_modelled: say(messages.csvExitModelled),
      exit_rule: say(messages.exitRuleColumn),
      trade_gross_pnl: say(messages.csvGross),
      trade_charges: say(messages.csvCharges),
      trade_net_pnl: say(messages.csvNet),
    };
    const blob = new Blob([reportCsv(backtest, headers)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `backtest-${backtest.id}-${backtest.bot.name.replace(/[^\w-]+/g, '_')}-${backtest.from}-${backtest.to}.csv`;
    link.click();
    // The download has started by the time the click returns; the next task frees the blob.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Button variant="secondary" onClick={handleExport} disabled={backtest.trades.length === 0}>
      {intl.formatMessage(messages.exportCsv)}
    </Button>
  );
}
