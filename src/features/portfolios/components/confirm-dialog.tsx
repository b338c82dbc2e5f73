import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { commonMessages } from '@/i18n/common-messages';

type ConfirmDialogProps = {
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  /** A refusal to show, already translated. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before something that cannot be undone. Focus starts on Cancel, the safe choice. */
export function ConfirmDialog({ title, description, confirmLabel, busy, error, onConfirm, onClose }: ConfirmDialogProps) {
  const intl = useIntl();
  // While the call runs the dialog stays: closing it would hide the outcome.
  const handleClose = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open onClose={handleClose} role="alertdialog" className="fixed inset-0 z-40">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center p-3 safe-area-pb [--safe-area-min:0.75rem] sm:items-center sm:p-4">
        <DialogPanel className="flex w-full max-w-md flex-col gap-4 rounded-lg border border-line bg-surface p-4 text-fg shadow-xl">
          <DialogTitle className="text-lg font-semibold break-words">{title}</DialogTitle>
          <Description className="text-sm text-fg-muted break-words">{description}</Description>
          <FormError>{error}</FormError>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={handleClose} disabled={busy} data-autofocus>
              {intl.formatMessage(commonMessages.cancel)}
            </Button>
            <Button variant="danger" busy={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
