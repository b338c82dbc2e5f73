import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type PrimitiveType } from 'react-intl';
import ArrowDownTrayIcon from '@heroicons/react/24/outline/ArrowDownTrayIcon';
import ArrowUpOnSquareIcon from '@heroicons/react/24/outline/ArrowUpOnSquareIcon';
import { installButtonClass } from '@/app/pwa/install-button-class';

const messages = defineMessages({
  title: { id: 'pwa.install.iosTitle', defaultMessage: 'Install StrikeDesk' },
  dismiss: { id: 'pwa.install.iosDismiss', defaultMessage: 'Got it' },
});

// react-intl 12 types a descriptor's values and defineMessages infers none, so this one declares its
// placeholder. A PrimitiveType placeholder also accepts a React element when rendered.
const stepsMessage = defineMessage<{ shareIcon: PrimitiveType }>({
  id: 'pwa.install.iosSteps',
  defaultMessage: 'Tap {shareIcon} Share in the Safari toolbar, then “Add to Home Screen”.',
});


type IosInstallHintProps = { label: string; onDismiss: () => void };

/** iOS Safari cannot be asked to install: explain the two taps that do it. */
export function IosInstallHint({ label, onDismiss }: IosInstallHintProps) {
  const intl = useIntl();
  return (
    <Popover>
      <PopoverButton className={installButtonClass}>
        <ArrowDownTrayIcon className="size-5" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{label}</span>
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8, padding: 8 }}
        className="z-40 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-line bg-surface-raised p-4 text-fg shadow-lg"
      >
        <p className="font-semibold">{intl.formatMessage(messages.title)}</p>
        <p className="mt-2 text-sm text-fg-muted">
          <FormattedMessage
            {...stepsMessage}
            values={{
              shareIcon: <ArrowUpOnSquareIcon className="inline size-5 align-text-bottom text-brand" aria-hidden="true" />,
            }}
          />
        </p>
        <button
          type="button"
          onClick={onDismiss}
          className="mt-3 min-h-11 rounded-md border border-line px-4 text-sm font-semibold hover:bg-surface-muted"
        >
          {intl.formatMessage(messages.dismiss)}
        </button>
      </PopoverPanel>
    </Popover>
  );
}
