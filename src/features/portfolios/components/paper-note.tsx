import BeakerIcon from '@heroicons/react/24/outline/BeakerIcon';
import { useIntl } from 'react-intl';
import { botFormMessages as m } from '@/features/portfolios/bot-form-messages';

/** Says plainly that bots trade on paper: a trader must never think a real order was placed. */
export function PaperNote() {
  const intl = useIntl();
  return (
    <p className="flex items-start gap-2 rounded-md border border-line bg-brand-soft px-3 py-2 text-sm text-fg">
      <BeakerIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
      <span className="flex min-w-0 flex-col">
        <strong className="font-semibold">{intl.formatMessage(m.paperOnly)}</strong>
        <span>{intl.formatMessage(m.paperOnlyText)}</span>
      </span>
    </p>
  );
}
