import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useAtom } from 'jotai';
import { defineMessages, useIntl } from 'react-intl';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import { backdropClassName } from '@/components/ui/backdrop';
import { NavLinkList } from '@/app/layouts/nav-link-list';
import { mobileNavOpenAtom } from '@/lib/preferences/preferences-atom';

const messages = defineMessages({
  title: { id: 'app.drawer.title', defaultMessage: 'Menu' },
  close: { id: 'app.drawer.close', defaultMessage: 'Close menu' },
});

/** The navigation below 992 px (spec §9 mobile nav): a drawer from the start edge that closes on navigation. */
export function MobileNavDrawer() {
  const intl = useIntl();
  const [open, setOpen] = useAtom(mobileNavOpenAtom);
  const handleClose = () => setOpen(false);
  return (
    <Dialog open={open} onClose={handleClose} className="fixed inset-0 z-40 lg:hidden">
      <div className={backdropClassName} aria-hidden="true" data-backdrop />
      <DialogPanel className="fixed inset-y-0 start-0 flex w-[min(20rem,85vw)] flex-col bg-surface shadow-xl safe-area-px">
        <div className="flex h-header items-center justify-between border-b border-line px-4">
          <DialogTitle className="text-lg font-semibold">{intl.formatMessage(messages.title)}</DialogTitle>
          <button
            type="button"
            onClick={handleClose}
            className="inline-flex size-11 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted"
            aria-label={intl.formatMessage(messages.close)}
          >
            <XMarkIcon className="size-6" aria-hidden="true" />
          </button>
        </div>
        <nav aria-label={intl.formatMessage(messages.title)} className="flex-1 overflow-y-auto p-3">
          <NavLinkList onNavigate={handleClose} />
        </nav>
      </DialogPanel>
    </Dialog>
  );
}
