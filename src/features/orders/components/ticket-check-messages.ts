import { defineMessage, defineMessages, type MessageDescriptor, type MessageValue } from 'react-intl';
import type { TicketProblem } from '@/features/orders/model/ticket-checks';

/** What the order window says of each problem, under its field (ticket-checks.ts). */
export const problemMessages: Record<TicketProblem, MessageDescriptor> = defineMessages({
  lotsMissing: { id: 'orders.check.lotsMissing', defaultMessage: 'Enter how many lots.' },
  lotsWhole: { id: 'orders.check.lotsWhole', defaultMessage: 'Lots are whole numbers.' },
  lotsMin: { id: 'orders.check.lotsMin', defaultMessage: 'At least 1 lot.' },
  priceMissing: { id: 'orders.check.priceMissing', defaultMessage: 'Enter a price above ₹0.' },
  priceTick: { id: 'orders.check.priceTick', defaultMessage: 'The price must be a multiple of ₹0.05.' },
  priceBelowTrigger: { id: 'orders.check.priceBelowTrigger', defaultMessage: 'A stop-loss buy’s limit price must be at or above its trigger.' },
  priceAboveTrigger: { id: 'orders.check.priceAboveTrigger', defaultMessage: 'A stop-loss sell’s limit price must be at or below its trigger.' },
  triggerMissing: { id: 'orders.check.triggerMissing', defaultMessage: 'Enter a trigger price above ₹0.' },
  triggerTick: { id: 'orders.check.triggerTick', defaultMessage: 'The trigger must be a multiple of ₹0.05.' },
  triggerNotAboveLast: { id: 'orders.check.triggerNotAboveLast', defaultMessage: 'A stop-loss buy triggers above the last price.' },
  triggerNotBelowLast: { id: 'orders.check.triggerNotBelowLast', defaultMessage: 'A stop-loss sell triggers below the last price.' },
});

/** The window's step buttons and the line beside the disabled button. */
export const stepMessages = defineMessages({
  lotLess: { id: 'orders.step.lotLess', defaultMessage: 'One lot less' },
  lotMore: { id: 'orders.step.lotMore', defaultMessage: 'One lot more' },
  priceDown: { id: 'orders.step.priceDown', defaultMessage: 'Price ₹0.05 lower' },
  priceUp: { id: 'orders.step.priceUp', defaultMessage: 'Price ₹0.05 higher' },
  triggerDown: { id: 'orders.step.triggerDown', defaultMessage: 'Trigger ₹0.05 lower' },
  triggerUp: { id: 'orders.step.triggerUp', defaultMessage: 'Trigger ₹0.05 higher' },
});

export const cannotSendText = defineMessage<{ reason: MessageValue }>({
  id: 'orders.check.cannotSend',
  defaultMessage: 'Not ready to send: {reason}',
});
