import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';

const messages = defineMessages({
  cancel: { id: 'orders.dialog.cancel', defaultMessage: 'Cancel' },
  done: { id: 'orders.dialog.done', defaultMessage: 'Done' },
});

type IntentDialogActionsProps = {
  /** The broker answered: nothing is left to do but close. */
  finished: boolean;
  onClose: () => void;
  /** The action itself (send, confirm, modify), shown until the answer comes. */
  children: ReactNode;
  /** The button that leaves without acting, when "Cancel" would be ambiguous (cancelling an order: "Keep it"). */
  leaveLabel?: ReactNode;
};

/**
 * The buttons of an order dialog: before the answer, a way out beside the action; after it, one clear
 * "Done" and nothing else (a "Done" beside a still-live action read as if the action had already happened).
 */
export function IntentDialogActions({ finished, onClose, children, leaveLabel }: IntentDialogActionsProps) {
  const intl = useIntl();
  if (finished) {
    return (
      <Button type="button" onClick={onClose} data-autofocus>
        {intl.formatMessage(messages.done)}
      </Button>
    );
  }
  return (
    <>
      <Button type="button" variant="secondary" onClick={onClose}>
        {leaveLabel ?? intl.formatMessage(messages.cancel)}
      </Button>
      {children}
    </>
  );
}
