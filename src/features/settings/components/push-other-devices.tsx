import { useIntl } from 'react-intl';
import type { PushDevice } from '@/features/settings/api/push-calls';
import { pushMessages as messages, topicMessages } from '@/features/settings/push-messages';
import { Button } from '@/components/ui/button';
import { sayServerText } from '@/i18n/say-server-text';

type PushOtherDevicesProps = { devices: readonly PushDevice[]; onRemove: (endpoint: string) => void };

/** The trader's other devices: what each receives and why the last push to it failed, if it did. */
export function PushOtherDevices({ devices, onRemove }: PushOtherDevicesProps) {
  const intl = useIntl();
  return (
    <section className="flex flex-col gap-2" aria-labelledby="push-other-devices">
      <h3 id="push-other-devices" className="text-sm font-semibold text-fg">
        {intl.formatMessage(messages.others)}
      </h3>
      {devices.length === 0 ? (
        <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noOthers)}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {devices.map((device) => (
            <li key={device.endpoint} aria-label={device.label} className="flex items-start gap-3 rounded-md border border-line p-3 text-sm">
              <div className="flex min-w-0 flex-1 flex-col gap-1 text-start">
                <p className="font-medium break-words">{device.label}</p>
                <p className="text-fg-muted">
                  {device.topics.length === 0
                    ? intl.formatMessage(messages.noTopics)
                    : intl.formatList(device.topics.map((topic) => intl.formatMessage(topicMessages[topic].label)))}
                </p>
                {device.last_error !== null && <p className="break-words text-loss">{intl.formatMessage(messages.lastError, { error: sayServerText(intl, device.last_error_i18n, device.last_error) })}</p>}
              </div>
              <Button variant="ghost" onClick={() => onRemove(device.endpoint)} aria-label={intl.formatMessage(messages.removeLabel, { label: device.label })}>
                {intl.formatMessage(messages.remove)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
