import { useEffect, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { getRollover, type Rollover, type RolloverDay } from '@/features/market/api/get-rollover';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  caption: { id: 'market.rollover.caption', defaultMessage: 'Rollover before expiry' },
  day: { id: 'market.rollover.day', defaultMessage: 'Day' },
  spread: { id: 'market.rollover.spread', defaultMessage: 'Next − near' },
  farSpread: { id: 'market.rollover.farSpread', defaultMessage: 'Far − next' },
  rollover: { id: 'market.rollover.rollover', defaultMessage: 'Rolled' },
  nearOi: { id: 'market.rollover.nearOi', defaultMessage: 'Near OI (change)' },
  nextOi: { id: 'market.rollover.nextOi', defaultMessage: 'Next OI (change)' },
  loading: { id: 'market.rollover.loading', defaultMessage: 'Reading the rollover…' },
  failed: { id: 'market.rollover.failed', defaultMessage: 'The rollover could not be read. Try again later.' },
  none: {
    id: 'market.rollover.none',
    defaultMessage: 'Market history holds no futures of this underlying: import NSE’s F&O bhavcopies in Market history to see its rollover.',
  },
  explain: {
    id: 'market.rollover.explain',
    defaultMessage: 'Rolled: the share of all months’ open interest in the next and far months. Spreads are settlement prices. Today’s figures are in the strip above.',
  },
});
const sourceText = defineMessage<{ date: MessageValue; expiry: MessageValue }>({
  id: 'market.rollover.source',
  defaultMessage: 'Source: NSE bhavcopies, to {date}; near month expiring {expiry}.',
});
const oiCell = defineMessage<{ oi: MessageValue; change: MessageValue }>({ id: 'market.rollover.oiCell', defaultMessage: '{oi} L ({change})' });

const dash = '\u2014';

function DayRow({ day }: { day: RolloverDay }) {
  const intl = useIntl();
  const { formatDate, formatSignedInr, formatNumber, formatLakh, formatLakhChange } = useFormat();
  const percent = (value: number | null) => (value === null ? dash : `${formatNumber(value, { maximumFractionDigits: 2 })} %`);
  const spread = (value: number | null, pct: number | null = null) => (value === null ? dash : pct === null ? formatSignedInr(value) : `${formatSignedInr(value)} (${percent(pct)})`);
  const oi = (month: RolloverDay['near']) =>
    month === null ? dash : intl.formatMessage(oiCell, { oi: formatLakh(month.open_interest), change: formatLakhChange(month.change_in_oi) });
  return (
    <tr className="border-t border-line">
      <th scope="row" className="whitespace-nowrap py-1 pe-3 text-start font-medium">
        {formatDate(day.day)}
      </th>
      <td className="whitespace-nowrap py-1 pe-3 text-end">{spread(day.spread_next, day.spread_next_pct)}</td>
      <td className="whitespace-nowrap py-1 pe-3 text-end">{spread(day.spread_far)}</td>
      <td className="whitespace-nowrap py-1 pe-3 text-end font-medium">{percent(day.rollover_pct)}</td>
      <td className="whitespace-nowrap py-1 pe-3 text-end">{oi(day.near)}</td>
      <td className="whitespace-nowrap py-1 text-end">{oi(day.next)}</td>
    </tr>
  );
}

/**
 * An underlying's rollover over the last days before its near month's expiry (issue 63): the calendar spreads and
 * the open interest moving from the near month to the next, day by day, from market history's futures. Loaded
 * only when the trader opens it (its own chunk: the chain's first drawing does not wait for it).
 */
export function RolloverPanel({ index }: { index: string }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const [answer, setAnswer] = useState<{ index: string; rollover: Rollover } | { index: string; failed: true } | null>(null);
  useEffect(() => {
    let current = true;
    getRollover(index).then(
      (rollover) => current && setAnswer({ index, rollover }),
      () => current && setAnswer({ index, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [index]);
  const shown = answer !== null && answer.index === index ? answer : null;
  if (shown === null) return <p className="text-xs text-fg-muted">{intl.formatMessage(messages.loading)}</p>;
  if ('failed' in shown) return <p className="text-xs text-danger">{intl.formatMessage(messages.failed)}</p>;
  const { rollover } = shown;
  if (rollover.days.length === 0 || rollover.expiry === null || rollover.as_of === null) {
    return (
      <p className="text-xs text-fg-muted" data-testid="rollover-none">
        {intl.formatMessage(messages.none)}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 text-xs" data-testid="rollover-panel">
      {/* A phone scrolls the table, not the page. */}
      <div className="overflow-x-auto">
        <table className="min-w-full tabular-nums text-fg">
          <caption className="pb-1 text-start text-sm font-semibold">{intl.formatMessage(messages.caption)}</caption>
          <thead className="text-fg-muted">
            <tr>
              <th scope="col" className="pe-3 text-start font-normal">{intl.formatMessage(messages.day)}</th>
              <th scope="col" className="pe-3 text-end font-normal">{intl.formatMessage(messages.spread)}</th>
              <th scope="col" className="pe-3 text-end font-normal">{intl.formatMessage(messages.farSpread)}</th>
              <th scope="col" className="pe-3 text-end font-normal">{intl.formatMessage(messages.rollover)}</th>
              <th scope="col" className="pe-3 text-end font-normal">{intl.formatMessage(messages.nearOi)}</th>
              <th scope="col" className="text-end font-normal">{intl.formatMessage(messages.nextOi)}</th>
            </tr>
          </thead>
          <tbody>
            {[...rollover.days].reverse().map((day) => (
              <DayRow key={day.day} day={day} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-fg-muted" data-testid="rollover-source">
        {intl.formatMessage(sourceText, { date: formatDate(rollover.as_of), expiry: formatDate(rollover.expiry) })}
      </p>
      <p className="text-fg-muted">{intl.formatMessage(messages.explain)}</p>
    </div>
  );
}
