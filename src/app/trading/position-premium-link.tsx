import PresentationChartBarIcon from '@heroicons/react/24/outline/PresentationChartBarIcon';
import { defineMessage, type MessageValue, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Position } from '@/features/positions/api/position-calls';
import { premiumChartPath } from '@/lib/charts/premium-link';
import { contractOfSymbol } from '@/lib/format/contract-of-symbol';
import { symbolName } from '@/lib/format/symbol-name';
import { useFormat } from '@/lib/format/use-format';
import { chartedIndices } from '@/app/trading/book-strategies';

const chartText = defineMessage<{ symbol: MessageValue }>({ id: 'positions.premiumChart', defaultMessage: 'Premium chart of {symbol}' });

/**
 * A position row's link to its premium chart (issue 40): the contract held, bought or sold as the position is
 * (a short's chart is the credit it collects), so the chart opens on the leg the trader holds. A flat position
 * opens it as bought.
 */
export function PositionPremiumLink({ position }: { position: Position }) {
  const intl = useIntl();
  const { locale } = useFormat();
  const contract = contractOfSymbol(position.tradingsymbol, position.expiry);
  if (contract === null || !chartedIndices.has(contract.name)) return null;
  const label = intl.formatMessage(chartText, { symbol: symbolName(position.tradingsymbol, locale, position.expiry) });
  const path = premiumChartPath([
    { index: contract.name, expiry: contract.expiry, strike: contract.strike, type: contract.instrument_type === 'PE' ? 'PE' : 'CE', side: position.quantity < 0 ? 'SELL' : 'BUY', lots: 1 },
  ]);
  return (
    <Link
      to={path}
      aria-label={label}
      title={label}
      className="inline-flex min-h-9 min-w-9 items-center justify-center rounded-md border border-line text-fg-muted hover:bg-surface-raised hover:text-brand"
    >
      <PresentationChartBarIcon aria-hidden="true" className="size-4" />
    </Link>
  );
}
