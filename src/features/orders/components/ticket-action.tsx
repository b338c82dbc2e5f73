import type { ReactNode, RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { TransactionType } from '@/features/orders/api/trading-types';
import type { IntentOutcome } from '@/features/orders/api/send-intent';
import { IntentOutcomeView } from '@/features/orders/components/intent-outcome';
import { ticketMessages as messages } from '@/features/orders/components/order-ticket-messages';
import { intentMessages } from '@/features/orders/order-messages';
import { Button } from '@/components/ui/button';

type TicketActionProps = {
  side: TransactionType;
  /** What the send button says ("Buy 65", "Buy 65 as AMO"). */
  label: string;
  /**
   * Said above the button: why nothing can be sent now (a price too old; offline, no session; a field to
   * fix, whose words describe the button) or, while reviewing, the order in one sentence to confirm.
   */
  reasons: { stale: string | null; blocked: string | null; review: string | null; problem: string | null };
  problemId: string | null;
  canSend: boolean;
  pending: boolean;
  reviewing: boolean;
  onBack: () => void;
  outcome: IntentOutcome | null;
  checking: boolean;
  outcomeBox: RefObject<HTMLDivElement | null>;
  /** Said right above the send button: a replay's "Replay · <date> <time>" (issue 39). */
  mark?: ReactNode;
};

/**
 * The ticket's foot, kept in view while the fields above it scroll: why it cannot send (if so), the review
 * question, the send button (Confirm while reviewing, with Back), and the broker's answer right under it.
 */
export function TicketAction({ side, label, reasons, problemId, canSend, pending, reviewing, onBack, outcome, checking, outcomeBox, mark }: TicketActionProps) {
  const intl = useIntl();
  return (
    <div className="flex shrink-0 flex-col gap-2 border-t border-line px-4 py-3" data-ticket-action>
      {reasons.stale !== null && (
        <p role="status" className="text-sm font-medium text-warn" data-testid="stale-price">
          {reasons.stale}
        </p>
      )}
      {reasons.blocked !== null && (
        <p role="status" className="text-sm font-medium text-warn">
          {reasons.blocked}
        </p>
      )}
      {reasons.review !== null && <p role="status" className="rounded-md bg-brand-soft p-2 text-sm font-medium text-fg">{reasons.review}</p>}
      {reasons.problem !== null && problemId !== null && (
        <p id={problemId} className="text-sm font-medium text-loss">
          {reasons.problem}
        </p>
      )}
      {mark}
      <div className="flex gap-2">
        {reviewing && (
          <Button type="button" variant="secondary" onClick={onBack}>
            {intl.formatMessage(messages.back)}
          </Button>
        )}
        <Button
          type="submit"
          variant={side === 'BUY' ? 'profit' : 'loss'}
          disabled={!canSend && !pending}
          aria-busy={pending}
          aria-disabled={pending || undefined}
          aria-describedby={problemId ?? undefined}
          className="flex-1"
        >
          {pending ? intl.formatMessage(intentMessages.sending) : reviewing ? intl.formatMessage(mark ? messages.confirmReplay : messages.confirm) : label}
        </Button>
      </div>
      <div ref={outcomeBox} tabIndex={-1} className="rounded-sm focus-visible:outline-2 focus-visible:outline-focus" data-testid="ticket-outcome">
        <IntentOutcomeView outcome={outcome} checking={checking} />
      </div>
    </div>
  );
}
