import { useIntl } from 'react-intl';
import { brokerFetchMessages as brokerMessages } from '@/features/market-history/broker-fetch-messages';
import { DateField } from '@/components/ui/date-field';
import { TextField } from '@/components/ui/text-field';

/** What the trader typed for an option fetch: the expiry (none: the index's minutes only) and the strikes' range. */
export type OptionChoice = { expiry: string; low: string; high: string; step: string };

export const noOptions: OptionChoice = { expiry: '', low: '', high: '', step: '' };

/**
 * The option contracts a minute fetch adds beside the index: one expiry, the strikes from the lowest to the
 * highest every step (the server takes at most 40 strikes, each expiry's calls and puts at each).
 */
export function BrokerOptionFields({ choice, busy, onChange }: { choice: OptionChoice; busy: boolean; onChange: (choice: OptionChoice) => void }) {
  const intl = useIntl();
  const strikeField = (key: 'low' | 'high' | 'step', label: string) => (
    <TextField
      className="sm:w-36"
      label={label}
      inputMode="numeric"
      value={choice[key]}
      disabled={busy}
      onChange={(event) => onChange({ ...choice, [key]: event.target.value })}
    />
  );
  return (
    <fieldset className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
      <legend className="mb-1 text-sm font-medium text-fg">{intl.formatMessage(brokerMessages.optionsLegend)}</legend>
      <DateField className="sm:w-48" label={intl.formatMessage(brokerMessages.optionExpiry)} value={choice.expiry} onDayChange={(expiry) => onChange({ ...choice, expiry })} disabled={busy} />
      {strikeField('low', intl.formatMessage(brokerMessages.lowestStrike))}
      {strikeField('high', intl.formatMessage(brokerMessages.highestStrike))}
      {strikeField('step', intl.formatMessage(brokerMessages.strikeStep))}
    </fieldset>
  );
}
