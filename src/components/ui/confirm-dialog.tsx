import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { commonMessages } from '@/i18n/common-messages';

type ConfirmDialogProps = {
  /** Shown while true; a caller that mounts the dialog only when needed can leave it out. */
  open?: boolean;
  title: ReactNode;
  description: ReactNode;
  /** The danger button's text, naming what happens ("Delete bot"). */
  confirmLabel: ReactNode;
  /** The confirmed action is running: the confirm button spins and the dialog cannot be dismissed. */
  busy: boolean;
  /** A refusal to show, already translated. */
  error?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** alertdialog by default: the question interrupts. */
  role?: 'dialog' | 'alertdialog';
  /** Rendered inside: a dialog the confirmed action may open in turn, nested so it sits on top of this one. */
  children?: ReactNode;
};

/** Asks before something that cannot be undone. Focus starts on Cancel, the safe choice. */
export function ConfirmDialog({
  open = true,
  title,
  description,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  role = 'alertdialog',
  children,
}: ConfirmDialogProps) {
  const intl = useIntl();
  // While the call runs the dialog stays: closing it would hide the outcome.
  const handleClose = () => {
    if (!busy) onClose();
  };
  return (
    <Modal open={open} onClose={handleClose} title={title} description={description} role={role} compact>
      <div className="flex flex-col gap-4">
        <FormError>{error}</FormError>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={handleClose} disabled={busy} data-autofocus>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
        {children}
      </div>
    </Modal>
  );
}
