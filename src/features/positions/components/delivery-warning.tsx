import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import type { Position } from '@/features/positions/api/position-calls';
import type { components } from '@openapi/main';
import { useFormat } from '@/lib/format/use-format';

type Delivery = components['schemas']['Delivery'];

const messages = {
  title: defineMessage<{ days: MessageValue }>({
    id: 'positions.delivery.title',
    defaultMessage: '{days, plural, =0 {Settles by delivery today} one {Settles by delivery in # trading day} other {Settles by delivery in # trading days}}',
  }),
  obligation: defineMessage<{ side: MessageValue; shares: MessageValue; symbol: MessageValue; price: MessageValue; value: MessageValue }>({
    id: 'positions.delivery.obligation',
    defaultMessage: 'If held to expiry: {side, select, SELL {sell} other {buy}} {shares, number} {symbol} at {price} ({value}).',
  }),
  marginNow: defineMessage<{ margin: MessageValue }>({ id: 'positions.delivery.marginNow', defaultMessage: 'Delivery margin now: {margin}' }),
  schedule: defineMessage<{ days: MessageValue }>({ id: 'positions.delivery.schedule', defaultMessage: 'Delivery margin by day: {days}' }),
  day: defineMessage<{ date: MessageValue; margin: MessageValue }>({ id: 'positions.delivery.day', defaultMessage: '{date}: {margin}' }),
  settled: defineMessage<{ side: MessageValue; shares: MessageValue; symbol: MessageValue; price: MessageValue }>({
    id: 'positions.delivery.settled',
    defaultMessage: 'Settled by delivery: {side, select, SELL {sell} other {buy}} {shares, number} {symbol} at {price}',
  }),
  settledDetail: defineMessage<{ tradingsymbol: MessageValue; expiry: MessageValue; value: MessageValue; charges: MessageValue }>({
    id: 'positions.delivery.settledDetail',
    defaultMessage: '{tradingsymbol}, expiry {expiry}: {value}, charges {charges}',
  }),
  ...defineMessages({
    nothing: { id: 'positions.delivery.nothing', defaultMessage: 'Out of the money now: nothing to deliver if it stays so.' },
    marginNone: { id: 'positions.delivery.marginNone', defaultMessage: 'No delivery margin asked today' },
    marginUnknown: { id: 'positions.delivery.marginUnknown', defaultMessage: 'not known' },
    separator: { id: 'positions.delivery.separator', defaultMessage: ' · ' },
    settledTitle: { id: 'positions.delivery.settledTitle', defaultMessage: 'Settled by delivery' },
  }),
};

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * A stock future or option in its last four trading days: what it delivers if held to expiry and the margin it needs
 * now and on each day left (the server's figures, positions API `delivery`). Wraps at 360 px: no table.
 */
export function DeliveryWarning({ position }: { position: Position }) {
  const intl = useIntl();
  const { formatInr, formatDate } = useFormat();
  const delivery = position.delivery;
  if (delivery === undefined || position.quantity === 0) return null;
  const money = (value: number | null) => (value === null ? intl.formatMessage(messages.marginUnknown) : formatInr(value, two));
  const { obligation } = delivery;
  return (
    <div role="note" data-delivery={position.tradingsymbol} className="flex flex-col gap-1 rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-xs text-fg">
      <p className="font-medium">{intl.formatMessage(messages.title, { days: delivery.days_to_expiry })}</p>
      <p>
        {obligation === null
          ? intl.formatMessage(messages.nothing)
          : intl.formatMessage(messages.obligation, {
              side: obligation.side,
              shares: obligation.shares,
              symbol: obligation.symbol,
              price: formatInr(obligation.price, two),
              value: formatInr(obligation.value, two),
            })}
      </p>
      <p>{delivery.margin_now === null ? intl.formatMessage(messages.marginNone) : intl.formatMessage(messages.marginNow, { margin: money(delivery.margin_now) })}</p>
      {delivery.days.length > 1 && (
        <p className="text-fg-muted">
          {intl.formatMessage(messages.schedule, {
            days: delivery.days.map((day) => intl.formatMessage(messages.day, { date: formatDate(day.date), margin: money(day.margin) })).join(intl.formatMessage(messages.separator)),
          })}
        </p>
      )}
    </div>
  );
}

/** The account's positions settled by delivery at expiry (position book `deliveries`): "settled by delivery: buy 250 RELIANCE at 2,900". */
export function DeliveryRecords({ deliveries }: { deliveries: readonly Delivery[] }) {
  const intl = useIntl();
  const { formatInr, formatDate } = useFormat();
  if (deliveries.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-label={intl.formatMessage(messages.settledTitle)}>
      <h2 className="text-sm font-semibold text-fg">{intl.formatMessage(messages.settledTitle)}</h2>
      <ul className="flex flex-col gap-2">
        {deliveries.map((delivery) => (
          <li key={`${delivery.tradingsymbol}:${delivery.settled_at}:${delivery.portfolio_id ?? ''}`} className="rounded-lg border border-line bg-surface px-3 py-2 text-sm" data-settled={delivery.tradingsymbol}>
            <p className="font-medium text-fg">
              {intl.formatMessage(messages.settled, { side: delivery.side, shares: delivery.shares, symbol: delivery.symbol, price: formatInr(delivery.price, two) })}
            </p>
            <p className="text-xs text-fg-muted">
              {intl.formatMessage(messages.settledDetail, {
                tradingsymbol: delivery.tradingsymbol,
                expiry: formatDate(delivery.expiry),
                value: formatInr(delivery.value, two),
                charges: formatInr(delivery.charges, two),
              })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
