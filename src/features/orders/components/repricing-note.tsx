import { defineMessage, type MessageValue } from 'react-intl';
import { useIntl } from 'react-intl';
import type { Order } from '@/features/orders/api/trading-types';

type Values = Record<string, MessageValue>;

const stateMessage = defineMessage<Values>({
  id: 'orders.repricing.state',
  defaultMessage:
    '{state, select, working {{exit, select, yes {{over, select, yes {Exit re-pricing, try {tries} (past its limit of {max}: never given up)} other {Exit re-pricing, try {tries} of {max}}}} other {Re-pricing, try {tries} of {max}}}} filled {Filled after {tries, plural, one {# price} other {# prices}}} market {Sent to the protected market after {tries} prices} other {Re-pricing ended after {tries, plural, one {# price} other {# prices}}}}',
});
const stepsLabel = defineMessage({ id: 'orders.repricing.steps', defaultMessage: 'Steps' });
const stepMessage = defineMessage<Values>({
  id: 'orders.repricing.step',
  defaultMessage:
    '{time} · try {try}: {reason, select, placed {placed at {new}} repriced {moved {old} → {new}} replaced {placed again at {new}} held {kept at {old}} filled {filled at {new}} market {sent to the market} over_limit {past the limit, still re-pricing} other {ended}}{touch, select, yes { (bid {bid}, offer {ask})} other {}}',
});

/**
 * What the execution policy's re-pricer did with a LIMIT order it placed (issue 60): "Re-pricing, try 3 of 10",
 * and each step with the touch it was priced on, under a disclosure so the book's row stays one line.
 */
export function RepricingNote({ repricing }: { repricing: NonNullable<Order['repricing']> }) {
  const intl = useIntl();
  const money = (value: number | null) => (value === null || value <= 0 ? '—' : intl.formatNumber(value, { style: 'currency', currency: 'INR' }));
  return (
    <span className="flex flex-col text-xs font-normal text-fg-muted" data-field="repricing">
      <span className={repricing.state === 'working' ? 'text-warn' : undefined}>
        {intl.formatMessage(stateMessage, {
          state: repricing.state,
          exit: repricing.exit ? 'yes' : 'no',
          over: repricing.over_limit ? 'yes' : 'no',
          tries: repricing.tries,
          max: repricing.max_tries,
        })}
      </span>
      {repricing.steps.length > 0 ? (
        <details>
          <summary className="cursor-pointer">{intl.formatMessage(stepsLabel)}</summary>
          <ol className="flex flex-col gap-0.5">
            {repricing.steps.map((step, index) => (
              <li key={index}>
                {intl.formatMessage(stepMessage, {
                  time: intl.formatTime(new Date(step.at), { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Kolkata' }),
                  try: step.try,
                  reason: step.reason,
                  old: money(step.old_price),
                  new: money(step.new_price),
                  touch: step.bid === null && step.ask === null ? 'no' : 'yes',
                  bid: money(step.bid),
                  ask: money(step.ask),
                })}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </span>
  );
}
