import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '@/i18n/common-messages';

type ModalProps = {
  open: boolean;
  /** Called on Escape, on the backdrop and on the close button. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
};

/**
 * A Headless UI dialog (focus trapped and returned, Escape closes): a sheet from the bottom on a phone,
 * a centred card from 640 px, scrolling inside when taller than the screen.
 */
export function Modal({ open, onClose, title, description, children }: ModalProps) {
  const intl = useIntl();
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-40">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="flex max-h-dvh w-full flex-col overflow-y-auto rounded-t-xl bg-surface shadow-xl sm:max-w-lg sm:rounded-xl">
          <div className="flex items-start justify-between gap-3 border-b border-line px-4 py-3 sm:px-6">
            <div className="min-w-0 py-2">
              <DialogTitle className="text-lg font-semibold text-fg break-words">{title}</DialogTitle>
              {description ? (
                <Description className="mt-1 text-sm text-fg-muted break-words">{description}</Description>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={intl.formatMessage(commonMessages.close)}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted"
            >
              <XMarkIcon className="size-6" aria-hidden="true" />
            </button>
          </div>
          <div className="p-4 sm:p-6">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
