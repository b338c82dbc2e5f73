import { useIntl } from 'react-intl';
import { CopyField } from '@/components/ui/copy-field';
import { chartinkEnter, chartinkExit, tradingViewEnter, tradingViewExit } from '@/features/portfolios/model/webhook-templates';
import { webhookMessages as m } from '@/features/portfolios/webhook-messages';

/** The alert messages to paste into TradingView and ChartInk, each with its Copy button. */
export function WebhookTemplates({ ownLegs }: { ownLegs: boolean }) {
  const intl = useIntl();
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-fg">{intl.formatMessage(m.templates)}</h3>
      <p className="text-sm text-fg-muted">{intl.formatMessage(m.tradingViewHint)}</p>
      <CopyField label={intl.formatMessage(m.tradingViewEnter)} value={tradingViewEnter(ownLegs)} />
      <CopyField label={intl.formatMessage(m.tradingViewExit)} value={tradingViewExit} />
      <p className="text-sm text-fg-muted">{intl.formatMessage(m.chartinkHint)}</p>
      <CopyField label={intl.formatMessage(m.chartinkEnter)} value={chartinkEnter} />
      <CopyField label={intl.formatMessage(m.chartinkExit)} value={chartinkExit} />
    </section>
  );
}
