import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { presetNames } from '@quant/strategy-presets.ts';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { CopyField } from '@/components/ui/copy-field';
import { LoadStatus } from '@/components/ui/load-status';
import { Modal } from '@/components/ui/modal';
import { deleteBotWebhook, getBotWebhook, updateBotWebhook, type BotWebhookChange, type BotWebhookSaved } from '@/features/portfolios/api/bot-webhook';
import { WebhookAlertList } from '@/features/portfolios/components/webhook-alert-list';
import { WebhookRepeatField } from '@/features/portfolios/components/webhook-repeat-field';
import { WebhookTemplates } from '@/features/portfolios/components/webhook-templates';
import { addressHiddenMessage, notReachableMessage, webhookMessages as m, webhookTitle } from '@/features/portfolios/webhook-messages';
import { apiOrigin } from '@/lib/api/api-origin';
import { takesInternetAlerts } from '@/features/portfolios/model/webhook-reach';
import { runtimeConfig } from '@/lib/api/clients';
import { useOperation } from '@/lib/api/use-operation';
import { isolate } from '@/lib/format/isolate';

type WebhookDialogProps = { botId: number; name: string; strategySlug: string | undefined; canChange: boolean; onClose: () => void };

/**
 * A trading bot's webhook: turn it on, its address (shown once, after it is made), a new address, signing,
 * the templates to paste into TradingView and ChartInk, and the alerts it received with their outcome.
 */
export function WebhookDialog({ botId, name, strategySlug, canChange, onClose }: WebhookDialogProps) {
  const intl = useIntl();
  const load = useOperation(getBotWebhook);
  const save = useOperation(updateBotWebhook);
  const remove = useOperation(deleteBotWebhook);
  // What the last save made: an address or a secret is shown this once and never read back.
  const [made, setMade] = useState<BotWebhookSaved | null>(null);
  const { run: reload } = load;
  const refresh = useCallback(() => void reload(botId), [reload, botId]);
  useEffect(refresh, [refresh]);

  const change = async (body: BotWebhookChange): Promise<boolean> => {
    const saved = await save.run(botId, body);
    if (saved === undefined) return false;
    setMade((before) => ({ ...saved, path: saved.path ?? before?.path ?? null, token: saved.token ?? before?.token ?? null }));
    refresh();
    return true;
  };
  const turnOff = async () => {
    if ((await remove.run(botId)) === undefined) return;
    setMade(null);
    refresh();
  };

  const busy = save.loading || remove.loading;
  const webhook = load.data?.webhook;
  const body = () => {
    if (load.data === undefined) {
      return (
        <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.loadFailed)} failed={load.error !== null && !load.loading} onRetry={refresh} />
      );
    }
    if (webhook === null || webhook === undefined) {
      return (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-fg-muted">{intl.formatMessage(m.off)}</p>
          <Button busy={busy} disabled={!canChange} onClick={() => void change({ signals_only: true })}>
            {intl.formatMessage(m.turnOn)}
          </Button>
        </div>
      );
    }
    const { webhookOrigin, apiBaseUrl } = runtimeConfig();
    const origin = webhookOrigin || apiOrigin(window.location.origin, apiBaseUrl);
    const url = made?.path == null ? null : `${origin}${made.path}`;
    return (
      <div className="flex flex-col gap-5">
        <section className="flex flex-col gap-2">
          {takesInternetAlerts(origin) ? null : (
            <p role="note" className="rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-sm text-fg">
              {intl.formatMessage(notReachableMessage, { origin: isolate(origin) })}
            </p>
          )}
          {url === null ? (
            <p className="text-sm text-fg">{intl.formatMessage(addressHiddenMessage, { hint: isolate(webhook.token_hint) })}</p>
          ) : (
            <CopyField label={intl.formatMessage(m.address)} value={url} warning={intl.formatMessage(m.addressOnce)} />
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" busy={busy} disabled={!canChange} onClick={() => void change({ rotate_token: true })}>
              {intl.formatMessage(m.rotate)}
            </Button>
            <span className="text-sm text-fg-muted">{intl.formatMessage(m.rotateHint)}</span>
          </div>
          <CheckboxField
            name="signals_only"
            label={intl.formatMessage(m.alertsOnly)}
            hint={intl.formatMessage(m.alertsOnlyHint)}
            checked={webhook.signals_only}
            disabled={!canChange || busy}
            onChange={(checked) => void change({ signals_only: checked })}
          />
        </section>
        <WebhookRepeatField
          windowMinutes={webhook.duplicate_window_minutes}
          disabled={!canChange}
          busy={busy}
          onSave={(minutes) => change({ duplicate_window_minutes: minutes })}
        />
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-fg">{intl.formatMessage(m.signing)}</h3>
          <p className="text-sm text-fg-muted">{intl.formatMessage(webhook.signed ? m.signedOn : m.signedOff)}</p>
          {made?.signing_secret == null ? null : <CopyField label={intl.formatMessage(m.secret)} value={made.signing_secret} warning={intl.formatMessage(m.secretOnce)} />}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" busy={busy} disabled={!canChange} onClick={() => void change({ signing: 'new' })}>
              {intl.formatMessage(m.newSecret)}
            </Button>
            {webhook.signed ? (
              <Button variant="ghost" busy={busy} disabled={!canChange} onClick={() => void change({ signing: 'off' })}>
                {intl.formatMessage(m.stopSigning)}
              </Button>
            ) : null}
          </div>
        </section>
        <WebhookTemplates ownLegs={presetNames.some((preset) => preset === strategySlug)} />
        <section className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-fg">{intl.formatMessage(m.recent)}</h3>
            <Button variant="ghost" busy={load.loading} onClick={refresh}>
              {intl.formatMessage(m.refresh)}
            </Button>
          </div>
          <WebhookAlertList alerts={load.data.alerts} />
        </section>
        <div>
          <Button variant="danger" busy={busy} disabled={!canChange} onClick={() => void turnOff()}>
            {intl.formatMessage(m.turnOff)}
          </Button>
        </div>
      </div>
    );
  };

  return (
    <Modal onClose={onClose} title={intl.formatMessage(webhookTitle, { name })} description={intl.formatMessage(m.description)}>
      {body()}
    </Modal>
  );
}
