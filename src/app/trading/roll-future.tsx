import { useEffect, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { components } from '@openapi/main';
import { marketOfTheDay } from '@/features/market/api/cached-market-facts';
import type { FutureInstrument } from '@/features/market/api/get-expiries';
import { placeTrades } from '@/features/orders/api/trading-calls';
import type { OrderRequest, TradingAccount } from '@/features/orders/api/trading-types';
import { IntentDialogActions } from '@/features/orders/components/intent-dialog-actions';
import { IntentOutcomeView } from '@/features/orders/components/intent-outcome';
import { LiveOrderDialog } from '@/features/orders/components/live-order-dialog';
import { OrderAccount } from '@/features/orders/components/order-account';
import { useOrderIntent } from '@/features/orders/hooks/use-order-intent';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useFormat } from '@/lib/format/use-format';
import { useLiveQuotes } from '@/app/trading/use-live-quotes';
import { nextFutureMonth, rollBasket, rollSpread } from '@quant/future-roll.ts';
import { RollAction } from './roll-trigger.tsx';

type Position = components['schemas']['Position'];

const messages = defineMessages({
  roll: { id: 'positions.roll.button', defaultMessage: 'Roll to next month' },
  confirm: { id: 'positions.roll.confirm', defaultMessage: 'Roll' },
  body: { id: 'positions.roll.body', defaultMessage: 'One basket at market: the near month is closed and the next month opened, the same side and as many lots.' },
  noNext: { id: 'positions.roll.noNext', defaultMessage: 'No later month of this future is listed today.' },
  loading: { id: 'positions.roll.loading', defaultMessage: 'Finding the next month…' },
  buy: { id: 'positions.roll.buy', defaultMessage: 'Buy' },
  sell: { id: 'positions.roll.sell', defaultMessage: 'Sell' },
});
const titleText = defineMessage<{ symbol: MessageValue }>({ id: 'positions.roll.title', defaultMessage: 'Roll {symbol} to the next month?' });
const legText = defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue }>({ id: 'positions.roll.leg', defaultMessage: '{side} {quantity} {symbol} at market' });
const spreadText = defineMessage<{ spread: MessageValue; total: MessageValue }>({
  id: 'positions.roll.spread',
  defaultMessage: 'Calendar spread now: {spread} a unit, {total} on the position (the next month less the near).',
});

const futureName = /^(.+?)\d{2}(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)FUT$/;

/** A futures position's underlying, read off its tradingsymbol (RELIANCE26DECFUT → RELIANCE); null for an option. */
export function futureUnderlying(tradingsymbol: string): string | null {
  return futureName.exec(tradingsymbol)?.[1] ?? null;
}

/**
 * "Roll to next month" on a futures position: one basket that closes the position's month and opens the next on
 * the same side with as many lots (quant/future-roll.ts, the rule a backtest's roll follows too), with the calendar spread (next − near, live) shown before the trader confirms.
 */
export function RollFuture({ position, account, disabled, onDone }: { position: Position; account: TradingAccount; disabled: boolean; onDone: () => void }) {
  const intl = useIntl();
  const underlying = futureUnderlying(position.tradingsymbol);
  if (underlying === null) return null;
  return (
    <RollAction
      offered={position.quantity !== 0}
      disabled={disabled}
      label={intl.formatMessage(messages.roll)}
      dialog={(onClose) => <RollDialog position={position} underlying={underlying} account={account} onDone={onDone} onClose={onClose} />}
    />
  );
}

function RollDialog({ position, underlying, account, onDone, onClose }: { position: Position; underlying: string; account: TradingAccount; onDone: () => void; onClose: () => void }) {
  const intl = useIntl();
  const { formatContract, formatNumber, formatSignedInr } = useFormat();
  const intent = useOrderIntent(account);
  const [months, setMonths] = useState<{ near: FutureInstrument; next: FutureInstrument } | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    marketOfTheDay(underlying)
      .then((answer) => current && setMonths(nextFutureMonth(answer.futures ?? [], position.tradingsymbol)))
      .catch(() => current && setMonths(null));
    return () => {
      current = false;
    };
  }, [underlying, position.tradingsymbol]);
  const quotes = useLiveQuotes(months ? [months.near.instrument, months.next.instrument] : []);
  const nearPrice = months ? quotes.get(months.near.instrument)?.last_price : undefined;
  const nextPrice = months ? quotes.get(months.next.instrument)?.last_price : undefined;
  const spread = rollSpread(nearPrice ?? null, nextPrice ?? null);
  // Once sent, the basket stays the one sent while the position goes to 0 as it fills.
  const [sentQuantity, setSentQuantity] = useState<number | null>(null);
  const held = sentQuantity ?? position.quantity;
  const quantity = Math.abs(held);
  const basket = months ? rollBasket(held, months.near, months.next) : null;
  const finished = intent.outcome !== null && intent.outcome.kind !== 'unknown';

  const send = async () => {
    if (!months || !basket) return;
    const order = (leg: (typeof basket)[number], future: { exchange: 'NFO' | 'BFO' }): OrderRequest => ({
      tradingsymbol: leg.tradingsymbol,
      exchange: future.exchange,
      transaction_type: leg.side,
      order_type: 'MARKET',
      product: position.product,
      quantity: leg.quantity,
    });
    const owner = position.portfolio_id === null ? {} : { portfolio_id: position.portfolio_id };
    setSentQuantity(held);
    const outcome = await intent.run((key) =>
      placeTrades(key, { account_number: account.account_number, ...owner, orders: [order(basket[0], months.near), order(basket[1], months.next)] }),
    );
    // Not sent (the live order's question declined, or one already in flight): the trader may change the roll.
    if (outcome === null) setSentQuantity(null);
    else onDone();
  };
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return (
    <Modal
      onClose={onClose}
      role="alertdialog"
      title={intl.formatMessage(titleText, { symbol: formatContract(position.tradingsymbol, position.expiry) })}
      description={intl.formatMessage(messages.body)}
      actions={
        <IntentDialogActions finished={finished} onClose={onClose}>
          <Button type="button" disabled={!months || intent.pending} aria-busy={intent.pending} onClick={() => void send()}>
            {intl.formatMessage(messages.confirm)}
          </Button>
        </IntentDialogActions>
      }
    >
      <div className="flex flex-col gap-3 text-sm text-fg">
        <OrderAccount account={account} />
        {months === undefined ? (
          <p role="status" className="text-fg-muted">{intl.formatMessage(messages.loading)}</p>
        ) : months === null || basket === null ? (
          <p role="alert">{intl.formatMessage(messages.noNext)}</p>
        ) : (
          <>
            <ul className="flex flex-col gap-1" data-testid="roll-legs">
              {basket.map((leg) => (
                <li key={leg.tradingsymbol}>
                  {intl.formatMessage(legText, { side: intl.formatMessage(leg.side === 'SELL' ? messages.sell : messages.buy), quantity: formatNumber(leg.quantity), symbol: formatContract(leg.tradingsymbol) })}
                </li>
              ))}
            </ul>
            {spread !== null && (
              <p className="font-medium" data-testid="roll-spread">
                {intl.formatMessage(spreadText, { spread: formatSignedInr(spread, two), total: formatSignedInr(spread * quantity, two) })}
              </p>
            )}
          </>
        )}
        <IntentOutcomeView outcome={intent.outcome} checking={intent.checking} />
        <LiveOrderDialog {...intent.question} />
      </div>
    </Modal>
  );
}
