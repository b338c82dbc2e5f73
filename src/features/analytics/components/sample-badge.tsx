import InformationCircleIcon from '@heroicons/react/20/solid/InformationCircleIcon';
import { defineMessages, useIntl } from 'react-intl';

/**
 * What a row the backend made up rather than recorded says about itself (issue 36): the reference server
 * seeds a new install with invented history, its commentary, snapshots and minute bars, and its house bots'
 * records are a model (openapi/analytics.yaml `sample`). Said in words, never by colour alone; a row without
 * the column (another backend) is a record.
 */
export const sampleMessages = defineMessages({
  badge: { id: 'analytics.sample', defaultMessage: 'Sample' },
  note: {
    id: 'analytics.sampleNote',
    defaultMessage: 'Rows marked Sample were made up by this server when it was first set up, so that its screens are not empty; they were not recorded from the market.',
  },
});

export const isSample = (row: { sample?: boolean }) => row.sample === true;

export function SampleBadge() {
  const intl = useIntl();
  return (
    // Not the paper account's beaker: a sample is not simulated trading, it is made up.
    <span className="inline-flex items-center rounded-full bg-warn/15 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-warn" data-sample>
      {intl.formatMessage(sampleMessages.badge)}
    </span>
  );
}

/** Why some rows on the screen say Sample: shown once, when any does. */
export function SampleNote({ text }: { text?: string }) {
  const intl = useIntl();
  return (
    <p className="flex items-start gap-1.5 rounded-md border border-warn/40 bg-warn/10 px-3 py-1.5 text-xs text-fg" data-testid="sample-note">
      <InformationCircleIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-warn" />
      <span>{text ?? intl.formatMessage(sampleMessages.note)}</span>
    </p>
  );
}
