import BellAlertIcon from '@heroicons/react/24/outline/BellAlertIcon';
import { lazy, Suspense, useState } from 'react';
import { defineMessage, type MessageValue, useIntl } from 'react-intl';
import { useQuote } from '@/features/market/hooks/use-quote';
import type { Position } from '@/features/positions/api/position-calls';
import { instrumentKey, isPriced } from '@/features/positions/model/position-marks';
import { contractOfSymbol } from '@/lib/format/contract-of-symbol';
import { symbolName } from '@/lib/format/symbol-name';
import { useFormat } from '@/lib/format/use-format';

// Loaded when the trader first asks for an alert, as on the chain: the positions' chunk stays as it was.
const PriceAlertDialog = lazy(() => import('@/features/alerts/components/price-alert-dialog').then((module) => ({ default: module.PriceAlertDialog })));

const alertText = defineMessage<{ symbol: MessageValue }>({ id: 'positions.alert', defaultMessage: 'Price alert on {symbol}' });

/**
 * A position row's bell: a price alert on the contract held, with its last price as the starting level
 * (the same dialog as the option chain's bell), so nobody types a tradingsymbol.
 */
export function PositionAlertBell({ position }: { position: Position }) {
  const intl = useIntl();
  const { locale } = useFormat();
  const [open, setOpen] = useState(false);
  // The live quote the row is marked at (the screen follows it already); else the server's last price when
  // it was a quote; else none, and the dialog says so rather than check the level against a stale trade.
  const quote = useQuote(open ? instrumentKey(position) : null);
  const lastPrice = quote?.last_price ?? (isPriced(position) ? position.last_price : null);
  const contract = contractOfSymbol(position.tradingsymbol, position.expiry);
  if (contract === null) return null;
  const label = intl.formatMessage(alertText, { symbol: symbolName(position.tradingsymbol, locale, position.expiry) });
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        className="inline-flex min-h-9 min-w-9 items-center justify-center rounded-md border border-line text-fg-muted hover:bg-surface-raised hover:text-brand"
      >
        <BellAlertIcon aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <PriceAlertDialog contract={contract} lastPrice={lastPrice} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
