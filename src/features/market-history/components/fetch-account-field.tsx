import { useIntl } from 'react-intl';
import type { BrokerAccount } from '@/features/market-history/api/market-history-calls';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { SelectField } from '@/components/ui/select-field';

/** The broker account a fetch reads with: each named with its client ID, and said when not logged in. */
export function FetchAccountField({ label, accounts, account, busy, onChange }: {
  label: string;
  accounts: BrokerAccount[];
  account: BrokerAccount | null;
  busy: boolean;
  onChange: (id: number) => void;
}) {
  const intl = useIntl();
  return (
    <SelectField className="sm:w-72" label={label} value={account?.id ?? ''} disabled={busy} onChange={(event) => onChange(Number(event.target.value))}>
      {accounts.map((candidate) => (
        <option key={candidate.id} value={candidate.id}>
          {intl.formatMessage(messages.kiteAccountOption, { name: candidate.name, number: candidate.account_number, loggedIn: candidate.is_logged_in ? 'yes' : 'no' })}
        </option>
      ))}
    </SelectField>
  );
}

/** A fetch under way: the broker's answers come back whole, so the bar runs until they are in and the text says what is asked. */
export function FetchProgress({ label, text }: { label: string; text: string }) {
  return (
    <div className="flex flex-col gap-1" aria-live="polite">
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-brand [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:bg-brand"
        aria-label={label}
      />
      <p className="text-sm text-fg-muted">{text}</p>
    </div>
  );
}
