import { useEffect, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { getMarketDepth, type MarketDepth } from '@/features/orders/api/trading-calls';
import { useFormat } from '@/lib/format/use-format';

// The broker and its levels are the brokers list's (its name, `capabilities.market_depth_levels`), never Dhan's alone.
const titleText = defineMessage<{ broker: MessageValue; levels: MessageValue }>({
  id: 'orders.depth.title',
  defaultMessage: 'Market depth ({broker}, {levels, plural, one {# level} other {# levels}})',
});
const waitingText = defineMessage<{ broker: MessageValue }>({ id: 'orders.depth.waiting', defaultMessage: 'Waiting for the market depth from {broker}…' });
const delayedText = defineMessage<{ broker: MessageValue }>({ id: 'orders.depth.delayed', defaultMessage: 'Prices delayed: the market depth from {broker} has gone quiet.' });

const messages = defineMessages({
  failed: { id: 'orders.depth.failed', defaultMessage: 'The depth could not be read.' },
  bids: { id: 'orders.depth.bids', defaultMessage: 'Bids' },
  asks: { id: 'orders.depth.asks', defaultMessage: 'Offers' },
  quantity: { id: 'orders.depth.quantity', defaultMessage: 'Qty' },
  orders: { id: 'orders.depth.orders', defaultMessage: 'Orders' },
});

/** How often the open ladder reads the server, which holds what the broker last streamed (no request reaches it). */
const readEveryMs = 1000;

/**
 * A contract's best bids and offers beyond the touch on an account whose broker streams them (GET /api/market-depth/;
 * Dhan's 20 levels, Shoonya's and Flattrade's 5), folded until the trader opens it: only then is the contract followed for its depth (Dhan's depth
 * socket, the Noren brokers' market feed) and read each second while open. `broker`: the broker's name; `levels`: how many levels it streams by default
 * (the first of its `market_depth_levels`, which the read asks for by not naming any).
 */
export function DepthLadder({ accountNumber, tradingsymbol, broker, levels }: { accountNumber: string; tradingsymbol: string; broker: string; levels: number }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const [open, setOpen] = useState(false);
  const [depth, setDepth] = useState<MarketDepth | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current = true;
    const read = () =>
      getMarketDepth(accountNumber, tradingsymbol).then(
        (answer) => current && (setDepth(answer), setFailed(false)),
        () => current && setFailed(true),
      );
    void read();
    const timer = setInterval(() => void read(), readEveryMs);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [open, accountNumber, tradingsymbol]);

  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const rows = depth === null ? 0 : Math.max(depth.bids.length, depth.asks.length);
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-fg-muted">{intl.formatMessage(titleText, { broker, levels })}</summary>
      {failed && <p className="text-loss">{intl.formatMessage(messages.failed)}</p>}
      {depth !== null && depth.stale && <p className="text-warn">{intl.formatMessage(delayedText, { broker })}</p>}
      {depth === null || depth.updated_at === null ? (
        !failed && <p className="text-fg-muted">{intl.formatMessage(waitingText, { broker })}</p>
      ) : (
        <table className="mt-1 w-full tabular-nums" data-testid="depth-ladder">
          <thead>
            <tr className="text-xs text-fg-muted">
              <th scope="col" className="text-left">{intl.formatMessage(messages.orders)}</th>
              <th scope="col" className="text-right">{intl.formatMessage(messages.quantity)}</th>
              <th scope="col" className="text-right">{intl.formatMessage(messages.bids)}</th>
              <th scope="col" className="text-right">{intl.formatMessage(messages.asks)}</th>
              <th scope="col" className="text-right">{intl.formatMessage(messages.quantity)}</th>
              <th scope="col" className="text-right">{intl.formatMessage(messages.orders)}</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, level) => {
              const bid = depth.bids[level];
              const ask = depth.asks[level];
              return (
                <tr key={level}>
                  <td>{bid === undefined ? '' : formatNumber(bid.orders)}</td>
                  <td className="text-right">{bid === undefined ? '' : formatNumber(bid.quantity)}</td>
                  <td className="text-right text-profit">{bid === undefined ? '' : formatNumber(bid.price, two)}</td>
                  <td className="text-right text-loss">{ask === undefined ? '' : formatNumber(ask.price, two)}</td>
                  <td className="text-right">{ask === undefined ? '' : formatNumber(ask.quantity)}</td>
                  <td className="text-right">{ask === undefined ? '' : formatNumber(ask.orders)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </details>
  );
}
