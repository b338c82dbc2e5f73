// What the execution policy and its re-pricing executor say to a trader (server/services/execution/): a broker's
// refusal of MARKET orders, an entry given up, and each step of an exit that is still being re-priced.
import { formatPaise, toRupees } from '../brokers/paper/paise.ts';
import { said, type Said } from './said.ts';

/** A broker's rule named with its date and source, as the refusal and the policy screen show it. */
export type RuleSource = { brokerName: string; since: string; source: string };

export const executionTexts = {
  /** A limit-only broker (Angel One from 1 April 2026) refuses a MARKET order from an API algo. */
  marketRefused: ({ brokerName, since, source }: RuleSource): Said =>
    said(
      'order.market_refused_by_broker',
      { broker: brokerName, since, source },
      `${brokerName} refuses MARKET orders from API algos since ${since} (${source}). Place a LIMIT order, or let the account's execution policy (LIMIT and re-price) price it.`,
    ),
  /** Saving a policy that sends MARKET orders to a broker that refuses them. */
  policyNeedsLimit: ({ brokerName, since, source }: RuleSource): Said =>
    said(
      'execution.policy_needs_limit',
      { broker: brokerName, since, source },
      `${brokerName} refuses MARKET orders from API algos since ${since} (${source}): choose LIMIT and re-price, and cancel as an entry's last step.`,
    ),
  /** An entry's LIMIT not filled within the policy's tries or seconds, cancelled as the policy says. */
  entryCancelled: (tries: number, seconds: number): Said =>
    said('order.reprice_entry_cancelled', { tries, seconds }, `Not filled after ${tries} prices in ${seconds} s: cancelled, as the account's execution policy says for an entry.`),
  entryGaveUpTitle: (symbol: string): Said => said('alert.reprice_entry_gave_up_title', { symbol }, `${symbol}: entry not filled`),
  entryGaveUpBody: (tries: number, seconds: number, fallback: 'cancel' | 'market'): Said =>
    said(
      'alert.reprice_entry_gave_up_body',
      { tries, seconds, fallback },
      fallback === 'cancel'
        ? `Not filled after ${tries} prices in ${seconds} s: the entry was cancelled (execution policy).`
        : `Not filled after ${tries} prices in ${seconds} s: the entry was sent to the market with protection (execution policy).`,
    ),
  exitStepTitle: (symbol: string): Said => said('alert.reprice_exit_step_title', { symbol }, `${symbol}: exit re-priced`),
  exitStepBody: (tries: number, maxTries: number, oldPaise: number, newPaise: number): Said =>
    said(
      'alert.reprice_exit_step_body',
      { try: tries, max: maxTries, old: toRupees(oldPaise), new: toRupees(newPaise) },
      `Exit not filled yet: try ${tries} of ${maxTries}, limit moved from ${formatPaise(oldPaise)} to ${formatPaise(newPaise)} at the touch.`,
    ),
  exitOverTitle: (symbol: string): Said => said('alert.reprice_exit_over_title', { symbol }, `${symbol}: exit still not filled`),
  exitOverBody: (tries: number, seconds: number): Said =>
    said(
      'alert.reprice_exit_over_body',
      { tries, seconds },
      `Not filled after ${tries} prices in ${seconds} s. An exit is never given up: it keeps being re-priced at the touch until it fills. Check the order book, or close it yourself.`,
    ),
  exitFilledTitle: (symbol: string): Said => said('alert.reprice_exit_filled_title', { symbol }, `${symbol}: exit filled`),
  exitFilledBody: (tries: number, pricePaise: number): Said =>
    said('alert.reprice_exit_filled_body', { tries, price: toRupees(pricePaise) }, `The exit filled at ${formatPaise(pricePaise)} after ${tries} ${tries === 1 ? 'price' : 'prices'}.`),
  exitEndedTitle: (symbol: string): Said => said('alert.reprice_exit_ended_title', { symbol }, `${symbol}: exit order ended unfilled`),
  exitEndedBody: (status: string): Said =>
    said('alert.reprice_exit_ended_body', { status }, `The exit order was ${status.toLowerCase()} at the broker before it filled: it is no longer re-priced. Check the position.`),
} as const;
