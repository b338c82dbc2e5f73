import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { backdropClassName } from '@/components/ui/backdrop';
import { cx } from '@/components/ui/class-names';
import { commonMessages } from '@/i18n/common-messages';

export type ModalProps = {
  /** Shown while true; a caller that mounts the modal only when needed can leave it out. */
  open?: boolean;
  /** Called on Escape, on the backdrop and on the close button. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons in a footer that stays put while the body scrolls; a form's submit names it with form={id}. */
  actions?: ReactNode;
  /** alertdialog for a question that interrupts (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /** A short question: a card at the foot of a phone's screen instead of the full screen. */
  compact?: boolean;
  /**
   * A bottom sheet on a phone (the page's top still in view above it), a centred panel from 576 px. Its
   * content lays itself out, without padding: a form can keep its own footer in view while its body scrolls
   * (the order ticket's action button); anything else scrolls as a whole above `actions`.
   */
  sheet?: boolean;
};

/**
 * A Headless UI dialog (focus trapped and returned, Escape closes): full screen on a phone, so a long form
 * scrolls between a fixed header and fixed buttons, and a centred panel from 576 px; or a card (compact) or
 * a bottom sheet (sheet, and any alertdialog's question) at the foot of a phone's screen.
 */
export function Modal({ open = true, onClose, title, description, children, actions, role, compact = false, sheet = false }: ModalProps) {
  const intl = useIntl();
  // Headless UI hides the page behind a dialog (inert, aria-hidden) in an effect that runs when the dialog
  // opens. A dialog mounted already open runs it before its portal and the page's root are known, and it
  // never runs again: the page stays readable to a screen reader. Mounting it closed and opening it on the
  // next commit makes every caller, whether it mounts the modal on demand or keeps it mounted, behave alike.
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the second commit is the point: see above.
  useEffect(() => setMounted(true), []);
  // A question (cancel this order? square off?) is a few lines and two buttons: on a phone it rises from the
  // foot of the screen to its own height, the page still in view above, where a full screen left most of it
  // blank (issue 62). A long one still stops at the screen's height and scrolls between its title and buttons.
  const question = role === 'alertdialog' && !compact && !sheet;
  return (
    // The root keeps a size (fixed inset-0): browser tests check the dialog covers the screen.
    <Dialog open={open && mounted} onClose={onClose} role={role} className="fixed inset-0 z-40">
      <div className={backdropClassName} aria-hidden="true" data-backdrop />
      <div
        className={cx(
          'fixed inset-0 flex sm:items-center sm:justify-center sm:p-4',
          compact && 'items-end justify-center p-3 safe-area-pb [--safe-area-min:0.75rem]',
          (sheet || question) && 'items-end justify-center pt-10',
        )}
      >
        <DialogPanel
          className={cx(
            'flex w-full flex-col bg-surface text-fg',
            compact
              ? 'max-h-full max-w-md rounded-lg border border-line shadow-xl'
              : sheet
                ? 'max-h-full rounded-t-xl border-t border-line shadow-xl safe-area-px safe-area-pb sm:max-w-lg sm:rounded-lg sm:border'
                : question
                  ? 'max-h-full rounded-t-xl border-t border-line shadow-xl safe-area-px safe-area-pb sm:max-h-[calc(100dvh-2rem)] sm:max-w-xl sm:rounded-lg sm:border'
                  : 'h-full safe-area-px safe-area-pt safe-area-pb sm:h-auto sm:max-h-[calc(100dvh-2rem)] sm:max-w-xl sm:rounded-lg sm:border sm:border-line sm:shadow-xl',
          )}
        >
          <div className="flex items-start justify-between gap-3 border-b border-line px-4 py-3">
            <div className="min-w-0 py-2">
              <DialogTitle className="text-lg font-semibold break-words">{title}</DialogTitle>
              {description ? (
                <Description className="mt-1 text-sm text-fg-muted break-words">{description}</Description>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={intl.formatMessage(commonMessages.close)}
              className="-me-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted"
            >
              <XMarkIcon className="size-6" aria-hidden="true" />
            </button>
          </div>
          <div className={cx('min-h-0 flex-1 overflow-y-auto', sheet ? 'flex flex-col' : 'p-4')}>{children}</div>
          {actions ? (
            <div className="flex gap-2 border-t border-line px-4 py-3 *:flex-1 sm:justify-end sm:*:flex-none">
              {actions}
            </div>
          ) : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
