import { useCallback, useEffect, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Button } from '@/components/ui/button';
import { SettingsPanel } from '@/features/settings/components/settings-panel';
import { useFormat } from '@/lib/format/use-format';
import { notify } from '@/lib/notify/notify';
import { clearSavedData, requestPersistentStorage, storageState, type StorageState } from '@/lib/persist/device-storage';

const messages = defineMessages({
  title: { id: 'settings.storageTitle', defaultMessage: 'Data on this device' },
  description: {
    id: 'settings.storageDescription',
    defaultMessage:
      'StrikeDesk keeps the last market data and your last positions, orders and dashboard on this device, so they open offline with the time they were fetched. Orders are never stored to be sent later.',
  },
  unknown: { id: 'settings.storageUnknown', defaultMessage: 'This browser does not say how much it stores.' },
  persisted: { id: 'settings.storagePersisted', defaultMessage: 'Kept: the browser will not clear it to free space.' },
  notPersisted: { id: 'settings.storageNotPersisted', defaultMessage: 'Not protected: the browser may clear it when space runs low.' },
  keep: { id: 'settings.storageKeep', defaultMessage: 'Ask to keep it' },
  clear: { id: 'settings.storageClear', defaultMessage: 'Clear saved market data' },
  cleared: { id: 'settings.storageCleared', defaultMessage: 'Saved market data and snapshots cleared' },
  clearHint: { id: 'settings.storageClearHint', defaultMessage: 'You stay signed in; the app itself still opens offline.' },
});

const usageText = defineMessage<{ usage: MessageValue; quota: MessageValue }>({
  id: 'settings.storageUsage',
  defaultMessage: '{usage} used of {quota} available',
});

function useStorageState() {
  const [state, setState] = useState<StorageState | null>(null);
  const refresh = useCallback(() => {
    void storageState().then(setState);
  }, []);
  useEffect(refresh, [refresh]);
  return { state, refresh };
}

/** Settings › Data on this device: how much is stored, whether the browser keeps it, and a way to clear it. */
export function StorageSection() {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const { state, refresh } = useStorageState();
  const [busy, setBusy] = useState(false);
  const megabytes = (bytes: number) => `${formatNumber(bytes / 1_000_000, { maximumFractionDigits: bytes < 10_000_000 ? 1 : 0 })} MB`;

  const clear = async () => {
    setBusy(true);
    await clearSavedData().catch(() => undefined);
    setBusy(false);
    notify({ kind: 'success', title: messages.cleared });
    refresh();
  };

  return (
    <SettingsPanel title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)}>
      <div className="flex flex-col gap-4 text-sm">
        <p data-testid="storage-usage">
          {state === null || state.usage === null || state.quota === null
            ? intl.formatMessage(messages.unknown)
            : intl.formatMessage(usageText, { usage: megabytes(state.usage), quota: megabytes(state.quota) })}
        </p>
        {state?.persisted !== null && state?.persisted !== undefined && (
          <div className="flex flex-wrap items-center gap-3">
            <p>{intl.formatMessage(state.persisted ? messages.persisted : messages.notPersisted)}</p>
            {!state.persisted && (
              <Button variant="secondary" onClick={() => void requestPersistentStorage().then(refresh)}>
                {intl.formatMessage(messages.keep)}
              </Button>
            )}
          </div>
        )}
        <div className="flex flex-col items-start gap-1">
          <Button variant="secondary" busy={busy} onClick={() => void clear()}>
            {intl.formatMessage(messages.clear)}
          </Button>
          <p className="text-xs text-fg-muted">{intl.formatMessage(messages.clearHint)}</p>
        </div>
      </div>
    </SettingsPanel>
  );
}
