import ArrowDownIcon from '@heroicons/react/16/solid/ArrowDownIcon';
import ArrowUpIcon from '@heroicons/react/16/solid/ArrowUpIcon';
import { useIntl } from 'react-intl';
import { botStateMessages as m } from '@/features/portfolios/bot-state-messages';
import { useFormat } from '@/lib/format/use-format';

/** A P&L the server does not have: a dash, read out as "no trade yet". */
const MISSING = '—';

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * A net P&L with its sign, an arrow and its word (colour is never the only signal); null is "—", never a
 * zero the server did not give, read as "no trade yet" or, for a day that traded (`traded`), as unsettled.
 */
export function BotPnl({ pnl, traded = false }: { pnl: number | null; traded?: boolean }) {
  const intl = useIntl();
  const { formatSignedInr } = useFormat();
  if (pnl === null) {
    const why = intl.formatMessage(traded ? m.pnlUnsettled : m.noPnl);
    return (
      <span className="text-fg-muted" title={why}>
        <span aria-hidden="true">{MISSING}</span>
        <span className="sr-only">{why}</span>
      </span>
    );
  }
  const direction = pnl > 0 ? 'profit' : pnl < 0 ? 'loss' : null;
  const tone = direction === 'profit' ? 'text-profit' : direction === 'loss' ? 'text-loss' : 'text-fg';
  return (
    <span className={`inline-flex items-center gap-0.5 font-semibold whitespace-nowrap tabular-nums ${tone}`} data-field="bot-pnl">
      {direction === 'profit' && <ArrowUpIcon className="size-3.5" aria-hidden="true" />}
      {direction === 'loss' && <ArrowDownIcon className="size-3.5" aria-hidden="true" />}
      {direction !== null && <span className="sr-only">{intl.formatMessage(m[direction])}</span>}
      {formatSignedInr(pnl, two)}
    </span>
  );
}
