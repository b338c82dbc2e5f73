import { useEffect, useEffectEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { IntentOutcome } from '@/features/orders/api/send-intent';
import { useOrderSentence } from '@/features/orders/components/intent-outcome';
import { startSettlingUnknownIntents } from '@/features/orders/model/settle-unknown-intents';
import { notify } from '@/lib/notify/notify';

const messages = defineMessages({
  settled: { id: 'orders.settled.title', defaultMessage: 'The order book answered for an order whose outcome was unknown' },
  notPlaced: { id: 'orders.settled.notPlaced', defaultMessage: 'It was not placed: the order book has no order from that request.' },
});

/** Long enough to be read on return from a dead network: this is news about money. */
const settledNoticeMs = 15_000;

/**
 * Signed in, on every screen: once the server answers again, every order whose outcome was unknown is looked
 * up in the order book by its key (features/orders/model/settle-unknown-intents.ts) and the trader is told
 * its final state here, wherever they are; the ticket that sent it shows the same.
 */
export function UnknownIntentsSettler() {
  const intl = useIntl();
  const sentence = useOrderSentence();
  const handleSettled = useEffectEvent((outcome: IntentOutcome) => {
    const description =
      outcome.kind === 'found' || outcome.kind === 'answered'
        ? outcome.orders.map(sentence).join(' · ')
        : intl.formatMessage(messages.notPlaced);
    const rejected = (outcome.kind === 'found' || outcome.kind === 'answered') && outcome.orders.some((order) => order.status === 'REJECTED');
    notify({ kind: rejected ? 'error' : 'info', title: messages.settled, description, durationMs: settledNoticeMs });
  });
  useEffect(() => startSettlingUnknownIntents((_intent, outcome) => handleSettled(outcome)), []);
  return null;
}
