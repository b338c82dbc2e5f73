import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { LoadStatus } from '@/components/ui/load-status';
import { StaleNote } from '@/components/ui/stale-note';
import { PushOtherDevices } from '@/features/settings/components/push-other-devices';
import { PushTopics } from '@/features/settings/components/push-topics';
import { SettingsPanel } from '@/features/settings/components/settings-panel';
import { PushSetupError, usePushDevice } from '@/features/settings/hooks/use-push-device';
import { pushMessages as messages } from '@/features/settings/push-messages';
import { sayRefusal } from '@/i18n/say-refusal';
import { sayServerText } from '@/i18n/say-server-text';
import { isApiError } from '@/lib/api/api-error';
import { notify } from '@/lib/notify/notify';

/** What a failed step says here; null when the app's notifier already said it (spec §8). */
function problemText(error: unknown, intl: IntlShape): string | null {
  // A refused permission is said by the note that stays while it is refused.
  if (error instanceof PushSetupError) return error.reason === 'denied' ? null : intl.formatMessage(error.reason === 'no_worker' ? messages.noWorker : messages.subscribeFailed);
  return isApiError(error) && error.kind === 'rejected' ? sayRefusal(intl, error) : null;
}

/** Settings › Notifications: push on this device (on, topics, test, off) and the trader's other devices. */
export function NotificationsSection() {
  const intl = useIntl();
  const push = usePushDevice();
  const [busy, setBusy] = useState<'enable' | 'disable' | 'test' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (step: 'enable' | 'disable' | 'test', action: () => Promise<void>) => {
    setBusy(step);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(problemText(error, intl));
    } finally {
      setBusy(null);
    }
  };
  const handleEnable = () => run('enable', async () => {
    await push.enable();
    notify({ kind: 'success', title: messages.enabled });
  });
  const handleDisable = () => run('disable', async () => {
    await push.disable();
    notify({ kind: 'success', title: messages.disabled });
  });
  const handleTest = () => run('test', async () => {
    const outcome = await push.sendTest();
    notify({ kind: 'info', title: messages.testSent, description: sayServerText(intl, outcome.message_i18n, outcome.message) });
  });

  const note = push.support === 'ios_not_installed' ? messages.iosInstall : push.support === 'unsupported' ? messages.unsupported : null;
  const denied = push.permission === 'denied' && push.thisDevice === null;
  return (
    <SettingsPanel title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)}>
      {note !== null && <p className="rounded-md border border-warn/40 bg-warn/10 p-3 text-sm text-fg">{intl.formatMessage(note)}</p>}
      {push.settings === null ? (
        <LoadStatus loadingText={intl.formatMessage(messages.loading)} failedText={intl.formatMessage(messages.failed)} failed={push.failed} onRetry={push.reload} />
      ) : (
        <>
          {push.asOf !== null && <StaleNote asOf={push.asOf} />}
          {note === null && (
            <div className="flex flex-col gap-4">
              <p className="text-sm font-medium" data-testid="push-state">
                {push.thisDevice === null ? intl.formatMessage(messages.off) : intl.formatMessage(messages.on, { label: push.thisDevice.label })}
              </p>
              {denied && <p className="rounded-md border border-warn/40 bg-warn/10 p-3 text-sm text-fg">{intl.formatMessage(messages.denied)}</p>}
              {problem !== null && <FormError>{problem}</FormError>}
              {push.thisDevice === null ? (
                <div>
                  <Button busy={busy === 'enable'} disabled={denied} onClick={() => void handleEnable()}>
                    {intl.formatMessage(messages.enable)}
                  </Button>
                </div>
              ) : (
                <>
                  <PushTopics topics={push.thisDevice.topics} onChange={push.setTopics} />
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" busy={busy === 'test'} onClick={() => void handleTest()}>
                      {intl.formatMessage(messages.test)}
                    </Button>
                    <Button variant="secondary" busy={busy === 'disable'} onClick={() => void handleDisable()}>
                      {intl.formatMessage(messages.disable)}
                    </Button>
                  </div>
                </>
              )}
            </div>
          )}
          <PushOtherDevices devices={push.others} onRemove={(endpoint) => void push.removeDevice(endpoint).catch(() => undefined)} />
        </>
      )}
    </SettingsPanel>
  );
}
