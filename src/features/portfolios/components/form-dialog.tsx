import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '@/i18n/common-messages';

type FormDialogProps = {
  title: string;
  description?: string;
  onClose: () => void;
  /** The form; its submit button sits in `actions` and names the form with form={id}. */
  children: ReactNode;
  actions: ReactNode;
};

/**
 * A dialog holding a form: full screen on a phone (a long bot form scrolls between a fixed header and
 * fixed buttons), a centred panel from 576 px. Headless UI traps focus and restores it on close.
 */
export function FormDialog({ title, description, onClose, children, actions }: FormDialogProps) {
  const intl = useIntl();
  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-40">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex sm:items-center sm:justify-center sm:p-4">
        <DialogPanel className="flex h-full w-full flex-col bg-surface text-fg safe-area-px safe-area-pt safe-area-pb sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:max-w-xl sm:rounded-lg sm:border sm:border-line sm:shadow-xl">
          <div className="flex items-start justify-between gap-3 border-b border-line px-4 py-3">
            <div className="min-w-0">
              <DialogTitle className="text-lg font-semibold break-words">{title}</DialogTitle>
              {description ? <p className="text-sm text-fg-muted break-words">{description}</p> : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              className="-me-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted"
              aria-label={intl.formatMessage(commonMessages.close)}
            >
              <XMarkIcon className="size-6" aria-hidden="true" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{children}</div>
          <div className="flex gap-2 border-t border-line px-4 py-3 *:flex-1 sm:justify-end sm:*:flex-none">
            {actions}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
