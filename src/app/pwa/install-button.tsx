import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import ArrowDownTrayIcon from '@heroicons/react/24/outline/ArrowDownTrayIcon';
import { installButtonClass, IosInstallHint } from '@/app/pwa/ios-install-hint';
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

  if (installPrompt) {
    return (
      <button type="button" className={installButtonClass} onClick={() => void promptInstall()}>
        <ArrowDownTrayIcon className="size-5" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">{intl.formatMessage(messages.install)}</span>
      </button>
    );
  }
  if (needsIosHint && !hintDismissed) {
    return <IosInstallHint label={intl.formatMessage(messages.install)} onDismiss={() => setHintDismissed(true)} />;
  }
  return null;
}
