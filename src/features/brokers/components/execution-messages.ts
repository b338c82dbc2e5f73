import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const executionMessages = defineMessages({
  title: { id: 'brokers.execution.title', defaultMessage: 'Execution policy' },
  market: { id: 'brokers.execution.market', defaultMessage: 'MARKET with protection' },
  chosenByRules: { id: 'brokers.execution.chosenByRules', defaultMessage: "Chosen from the broker's rules (not set by you)" },
  loading: { id: 'brokers.execution.loading', defaultMessage: 'Reading the execution policy…' },
  failed: { id: 'brokers.execution.failed', defaultMessage: 'The execution policy could not be read' },
  edit: { id: 'brokers.execution.edit', defaultMessage: 'Edit execution policy' },
  saved: { id: 'brokers.execution.saved', defaultMessage: 'Execution policy saved' },
  modeLabel: { id: 'brokers.execution.modeLabel', defaultMessage: 'Orders the app makes (bots, square-offs, kill switch)' },
  modeMarket: { id: 'brokers.execution.modeMarket', defaultMessage: 'MARKET with protection' },
  modeLimit: { id: 'brokers.execution.modeLimit', defaultMessage: 'LIMIT and re-price' },
  bufferUnit: { id: 'brokers.execution.bufferUnit', defaultMessage: 'Buffer past the touch in' },
  percent: { id: 'brokers.execution.percent', defaultMessage: 'percent' },
  ticks: { id: 'brokers.execution.ticks', defaultMessage: 'ticks (₹0.05)' },
  bufferValue: { id: 'brokers.execution.bufferValue', defaultMessage: 'Buffer' },
  interval: { id: 'brokers.execution.interval', defaultMessage: 'Re-price every (seconds)' },
  maxTries: { id: 'brokers.execution.maxTries', defaultMessage: 'Up to (tries)' },
  maxSeconds: { id: 'brokers.execution.maxSeconds', defaultMessage: 'Or up to (seconds)' },
  fallback: { id: 'brokers.execution.fallback', defaultMessage: 'Then, for an entry' },
  fallbackCancel: { id: 'brokers.execution.fallbackCancel', defaultMessage: 'Cancel it' },
  fallbackMarket: { id: 'brokers.execution.fallbackMarket', defaultMessage: 'Send it to the protected market' },
  exitsNote: { id: 'brokers.execution.exitsNote', defaultMessage: 'An exit is never given up: it keeps being re-priced until it fills, and you are told each step.' },
  limitOnlyHint: {
    id: 'brokers.execution.limitOnlyHint',
    defaultMessage: 'This paper account then refuses MARKET orders with that broker’s reason, so paper shows what live will do.',
  },
});

type Values = Record<string, MessageValue>;

export const limitRepriceMessage = defineMessage<Values>({
  id: 'brokers.execution.limitReprice',
  defaultMessage:
    'LIMIT {unit, select, percent {{value} %} other {{value, plural, one {# tick} other {# ticks}}}} past the touch, re-priced every {interval} s up to {tries} tries or {seconds} s; then an entry is {fallback, select, cancel {cancelled} other {sent to the protected market}}, an exit keeps re-pricing until it fills',
});

export const ruleMessage = defineMessage<Values>({
  id: 'brokers.execution.rule',
  defaultMessage:
    '{broker}: {rule, select, no_market {no MARKET orders from API algos} no_ioc {no IOC orders from API algos} market_protection {MARKET only with market protection} other {at most {value} modifications an order}} from {since} — {source}',
});

export const defaultsMessage = defineMessage<Values>({ id: 'brokers.execution.defaults', defaultMessage: 'Re-pricing defaults from {since}: {source}' });

export const limitOnlyMessage = defineMessage<Values>({ id: 'brokers.execution.limitOnly', defaultMessage: 'Behave like a limit-only broker such as {broker}' });
