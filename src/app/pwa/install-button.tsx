import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import ArrowDownTrayIcon from '@heroicons/react/24/outline/ArrowDownTrayIcon';
import { IosInstallHint } from '@/app/layouts/shell-parts';
import { installButtonClass } from '@/app/pwa/install-button-class';
import { iosHintDismissedAtom } from '@/app/pwa/ios-hint-dismissed-atom';
import { isIosSafari, isStandalone, promptInstall } from '@/app/pwa/install-actions';
import { installPromptAtom } from '@/app/pwa/install-prompt-atom';

const messages = defineMessages({
  install: { id: 'pwa.install.button', defaultMessage: 'Install app' },
});

/**
 * "Install app" when the browser offers installation (Chromium's deferred prompt); on iOS Safari, outside
 * the installed app, a hint that explains the Share sheet instead; nothing otherwise.
 */
export function InstallButton() {
  const intl = useIntl();
  const installPrompt = useAtomValue(installPromptAtom);
  const [hintDismissed, setHintDismissed] = useAtom(iosHintDismissedAtom);
  // The platform does not change during a session.
  const [needsIosHint] = useState(() => isIosSafari() && !isStandalone());
  // The hint's popover comes with the shell's other parts after the screen's first drawing, and the hint with it.
  const Hint = IosInstallHint.useWanted(false).Part;

  if (installPrompt) {
    return (
      <button type="button" className={installButtonClass} onClick={() => void promptInstall()}>
        <ArrowDownTrayIcon className="size-5" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{intl.formatMessage(messages.install)}</span>
      </button>
    );
  }
  if (needsIosHint && !hintDismissed && Hint) {
    return <Hint label={intl.formatMessage(messages.install)} onDismiss={() => setHintDismissed(true)} />;
  }
  return null;
}
