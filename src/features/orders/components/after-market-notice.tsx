import { defineMessage, defineMessages, type IntlShape, type MessageValue, useIntl } from 'react-intl';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import type { AfterMarketChoiceState } from '@/features/orders/hooks/use-after-market-choice';
import type { AfterMarketTime } from '@/features/orders/api/trading-types';
import { useFormat } from '@/lib/format/use-format';

/**
 * The exchange is closed (the server's market status for the chosen account's broker): an order sent now is an
 * after-market order (AMO) the broker holds until `nextOpen` (null when no open is known).
 */
export type AfterMarket = { nextOpen: string | null };

const notice = defineMessage<{ count: MessageValue }>({
  id: 'orders.afterMarket.notice',
  defaultMessage:
    'Market closed: {count, plural, one {this order goes as an after-market order (AMO). The broker holds it and sends it} other {these orders go as after-market orders (AMO). The broker holds them and sends them}} to the exchange at the next open; the price shown is the last close.',
});

const noticeAt = defineMessage<{ count: MessageValue; open: MessageValue }>({
  id: 'orders.afterMarket.noticeAt',
  defaultMessage:
    'Market closed: {count, plural, one {this order goes as an after-market order (AMO). The broker holds it and sends it} other {these orders go as after-market orders (AMO). The broker holds them and sends them}} to the exchange at the next open, {open} IST; the price shown is the last close.',
});

const label = defineMessage<{ action: MessageValue }>({ id: 'orders.afterMarket.label', defaultMessage: '{action} as AMO' });

/**
 * A button's words while the market is closed: the action followed by "as AMO" (the ticket's "Buy 65 as AMO",
 * the square-off's "Square off as AMO", the basket's), so what the button sends is on the button itself.
 */
export function afterMarketLabel(intl: IntlShape, afterMarket: AfterMarket | null, action: string): string {
  return afterMarket === null ? action : intl.formatMessage(label, { action });
}

const timeMessages = defineMessages({
  label: { id: 'orders.afterMarket.time', defaultMessage: 'AMO time' },
  hint: { id: 'orders.afterMarket.timeHint', defaultMessage: 'When Dhan sends the order to the exchange on the next trading day.' },
  PRE_OPEN: { id: 'orders.afterMarket.time.preOpen', defaultMessage: 'At the pre-open' },
  OPEN: { id: 'orders.afterMarket.time.open', defaultMessage: 'At the open' },
  OPEN_30: { id: 'orders.afterMarket.time.open30', defaultMessage: '30 minutes after the open' },
  OPEN_60: { id: 'orders.afterMarket.time.open60', defaultMessage: '60 minutes after the open' },
});

const timeChosen = defineMessage<{ time: MessageValue }>({ id: 'orders.afterMarket.timeChosen', defaultMessage: 'AMO time: {time}.' });

/**
 * The AMO sentence (see AfterMarketNotice), with the AMO time chosen where the broker takes one (Dhan), in the words
 * its "AMO time" field shows: for a place that repeats it away from the field (the basket's confirmation).
 */
export function useAfterMarketText(): (afterMarket: AfterMarket, orders: number, time?: AfterMarketTime | null) => string {
  const intl = useIntl();
  const { formatWeekdayTime } = useFormat();
  return (afterMarket, orders, time = null) => {
    const held =
      afterMarket.nextOpen === null
        ? intl.formatMessage(notice, { count: orders })
        : intl.formatMessage(noticeAt, { count: orders, open: formatWeekdayTime(afterMarket.nextOpen) });
    return time === null ? held : `${held} ${intl.formatMessage(timeChosen, { time: intl.formatMessage(timeMessages[time]) })}`;
  };
}

/**
 * What every order-sending place says while the exchange is closed (the ticket, square-off, the strategy
 * builder's basket): the order goes as an AMO, held by the broker until the next open, day and time.
 * `orders`: how many orders the action sends (more than one: the sentence speaks of them all).
 */
export function AfterMarketNotice({ afterMarket, orders = 1 }: { afterMarket: AfterMarket; orders?: number }) {
  const text = useAfterMarketText();
  return (
    <p role="status" className="rounded-md bg-brand-soft p-2 text-sm font-medium text-fg" data-testid="after-market-notice">
      {text(afterMarket, orders)}
    </p>
  );
}

const choiceLabel = defineMessage({ id: 'orders.afterMarket.choice', defaultMessage: 'After market order (AMO)' });
const choiceHint = defineMessage<{ count: MessageValue }>({
  id: 'orders.afterMarket.choiceHint',
  defaultMessage:
    'The market is closed. Ticked, the broker holds {count, plural, one {the order and sends it} other {the orders and sends them}} to the exchange at the next open.',
});

/**
 * Why a ticket or basket whose broker asks for the choice (Dhan, Shoonya, Flattrade) does not send out of hours until
 * it is made; `count`: how many orders it sends.
 */
export const afterMarketNeeded = defineMessage<{ count: MessageValue }>({
  id: 'orders.afterMarket.choiceNeeded',
  defaultMessage:
    'The market is closed: tick “After market order (AMO)” to have the broker hold {count, plural, one {this order} other {these orders}} until the next open, or place {count, plural, one {it} other {them}} once the market opens.',
});

/** The choice of an after-market order, out of hours on a broker that asks for it (model/after-market-choice.ts). */
function AfterMarketChoice({ chosen, orders, onChange }: { chosen: boolean; orders: number; onChange: (chosen: boolean) => void }) {
  const intl = useIntl();
  return <CheckboxField name="after_market" label={intl.formatMessage(choiceLabel)} hint={intl.formatMessage(choiceHint, { count: orders })} checked={chosen} onChange={onChange} />;
}

/** A Dhan AMO's time (Dhan's `amoTime`), chosen once the AMO is ticked; the open unless the trader picks another. */
function AfterMarketTimeField({ times, time, onChange }: { times: readonly AfterMarketTime[]; time: AfterMarketTime; onChange: (time: AfterMarketTime) => void }) {
  const intl = useIntl();
  return (
    <SelectField
      name="after_market_time"
      label={intl.formatMessage(timeMessages.label)}
      hint={intl.formatMessage(timeMessages.hint)}
      value={time}
      onChange={(event) => onChange(times.find((value) => value === event.target.value) ?? time)}
    >
      {times.map((value) => (
        <option key={value} value={value}>
          {intl.formatMessage(timeMessages[value])}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * What the ticket and the strategy builder's basket ask out of hours where the broker makes the AMO the trader's
 * choice (useAfterMarketChoice): the choice, and once ticked the time where the broker takes one (Dhan).
 * `orders`: how many orders it is for; `onEdit`: told after either changes (the ticket leaves its review step and
 * starts a new intent).
 */
export function AfterMarketQuestion({ choice, orders = 1, onEdit }: { choice: AfterMarketChoiceState; orders?: number; onEdit?: () => void }) {
  if (!choice.asks) return null;
  const edited = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    onEdit?.();
  };
  // Never shrunk: in the ticket's scrolling body the checkbox's row (its min-h-11 overrides a flex item's automatic
  // minimum) was squeezed under its own hint at 360 px, the hint drawn over the time's label.
  return (
    <div className="flex shrink-0 flex-col gap-3">
      <AfterMarketChoice chosen={choice.chosen} orders={orders} onChange={edited(choice.choose)} />
      {choice.times.length > 0 && <AfterMarketTimeField times={choice.times} time={choice.time} onChange={edited(choice.chooseTime)} />}
    </div>
  );
}
