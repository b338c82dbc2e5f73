import { useIntl } from 'react-intl';
import { holdingMessages as messages } from '@/features/positions/holding-messages';
import { useFormat } from '@/lib/format/use-format';

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/** A holding's cost a share, its price now (said as none without one) and its value: a delivered holding's or a broker's. */
export function HoldingFigures({ average, last, value }: { average: number; last: number | null; value: number | null }) {
  const intl = useIntl();
  const { formatInr, formatSignedInr } = useFormat();
  return (
    <p className="text-xs text-fg-muted tabular-nums">
      {intl.formatMessage(messages.detail, {
        average: formatInr(average, two),
        last: last === null ? intl.formatMessage(messages.noPrice) : formatInr(last, two),
        value: value === null ? '\u2014' : formatSignedInr(value, two),
      })}
    </p>
  );
}
