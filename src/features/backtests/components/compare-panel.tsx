import { useEffect, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { Backtest } from '@/features/backtests/api/backtest-calls';
import { getBotRecord, getSavedBots, type BotRun } from '@/features/backtests/api/saved-bots';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { configuredBotMessages } from '@/features/backtests/configured-bot-messages';
import { compareWithRecord, type DailyFigures } from '@/features/backtests/model/compare-record';
import { toPaise, toRupees } from '@/features/backtests/model/paise';
import { useFormat } from '@/lib/format/use-format';

type Row = { label: MessageDescriptor; pick: (figures: DailyFigures) => number | null; kind: 'money' | 'amount' | 'count' | 'share' };

const rows: Row[] = [
  { label: messages.netPnl, pick: (figures) => figures.netPnl, kind: 'money' },
  { label: messages.days, pick: (figures) => figures.days, kind: 'count' },
  { label: messages.winningDays, pick: (figures) => figures.winningDays, kind: 'count' },
  { label: messages.dayWinRate, pick: (figures) => figures.winRate, kind: 'share' },
  { label: messages.averageDay, pick: (figures) => figures.averageDay, kind: 'money' },
  { label: messages.bestDay, pick: (figures) => figures.bestDay, kind: 'money' },
  { label: messages.worstDay, pick: (figures) => figures.worstDay, kind: 'money' },
  { label: messages.maxDrawdown, pick: (figures) => figures.maxDrawdown, kind: 'amount' },
];

/**
 * The backtest beside the bot's own record over the days both cover (the record keeps 60 days), figure by
 * figure and day by day, so a trader sees where history and the market the bot met differ.
 */
export function ComparePanel({ backtest }: { backtest: Backtest }) {
  const intl = useIntl();
  const { formatSignedInr, formatInr, formatNumber, formatPercent, formatDate } = useFormat();
  const [runs, setRuns] = useState<BotRun[] | null>(null);
  const [live, setLive] = useState(false);
  const [failed, setFailed] = useState(false);
  const botId = backtest.bot.id;
  useEffect(() => {
    if (botId === null) return;
    let current = true;
    const kind = backtest.bot.kind;
    // The bot's mode names the record's column (paper or live); the record itself is what is compared.
    getSavedBots()
      .then((bots) => current && setLive(bots.some((bot) => bot.kind === kind && bot.id === botId && bot.mode === 'live')))
      .catch(() => undefined);
    getBotRecord(kind, botId).then(
      (answer) => current && setRuns(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [backtest.bot.kind, botId]);

  if (botId === null) return <p className="text-sm text-fg-muted">{intl.formatMessage(configuredBotMessages.noRecord)}</p>;
  if (failed) return <p className="text-sm text-loss">{intl.formatMessage(messages.compareFailed)}</p>;
  if (runs === null) return <p className="text-sm text-fg-muted">{intl.formatMessage(messages.compareLoading)}</p>;
  const comparison = compareWithRecord(backtest.daily, runs);
  const first = comparison.days[0];
  const last = comparison.days.at(-1);
  if (first === undefined || last === undefined) return <p className="text-sm text-fg-muted">{intl.formatMessage(messages.compareNone)}</p>;
  const show = (value: number | null, kind: Row['kind']) =>
    value === null ? intl.formatMessage(messages.none) : kind === 'money' ? formatSignedInr(value) : kind === 'amount' ? formatInr(value) : kind === 'share' ? formatPercent(value, { maximumFractionDigits: 1 }) : formatNumber(value);
  const difference = (a: number | null, b: number | null, kind: Row['kind']) => {
    if (a === null || b === null) return intl.formatMessage(messages.none);
    if (kind === 'money' || kind === 'amount') return formatSignedInr(toRupees(toPaise(a) - toPaise(b)));
    if (kind === 'share') return formatPercent(a - b, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
    return formatNumber(a - b, { signDisplay: 'exceptZero' });
  };
  const recordColumn = intl.formatMessage(live ? messages.liveColumn : messages.paperColumn);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">{intl.formatMessage(messages.compareDays, { days: comparison.days.length, from: formatDate(first.date), to: formatDate(last.date) })}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-xs sm:text-sm" data-testid="compare-figures">
          <CompareHead first={intl.formatMessage(messages.figure)} record={recordColumn} />
          <tbody>
            {rows.map((row) => {
              const a = row.pick(comparison.backtest);
              const b = row.pick(comparison.record);
              return (
                <tr key={row.label.id} className="border-t border-line">
                  <th scope="row" className="py-1 pe-2 text-start font-normal">{intl.formatMessage(row.label)}</th>
                  <td className="py-1 pe-2 text-end whitespace-nowrap tabular-nums">{show(a, row.kind)}</td>
                  <td className="py-1 pe-2 text-end whitespace-nowrap tabular-nums">{show(b, row.kind)}</td>
                  <td className="py-1 text-end whitespace-nowrap tabular-nums">{difference(a, b, row.kind)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium">{intl.formatMessage(messages.calendar)}</summary>
        <table className="mt-2 w-full text-xs sm:text-sm" data-testid="compare-days">
          <CompareHead first={intl.formatMessage(messages.day)} record={recordColumn} />
          <tbody>
            {comparison.days.map((day) => (
              <tr key={day.date} className="border-t border-line">
                <th scope="row" className="py-1 pe-2 text-start font-normal">{formatDate(day.date)}</th>
                <td className="py-1 pe-2 text-end tabular-nums">{formatSignedInr(day.backtest)}</td>
                <td className="py-1 pe-2 text-end tabular-nums">{formatSignedInr(day.record)}</td>
                <td className="py-1 text-end tabular-nums">{formatSignedInr(day.difference)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

/** The head both comparison tables share: what a row is, the backtest, the bot's record, their difference. */
function CompareHead({ first, record }: { first: string; record: string }) {
  const intl = useIntl();
  return (
    <thead>
      <tr className="text-fg-muted">
        <th scope="col" className="pe-2 text-start font-medium">{first}</th>
        <th scope="col" className="pe-2 text-end font-medium">{intl.formatMessage(messages.backtestColumn)}</th>
        <th scope="col" className="pe-2 text-end font-medium">{record}</th>
        <th scope="col" className="text-end font-medium">{intl.formatMessage(messages.difference)}</th>
      </tr>
    </thead>
  );
}
