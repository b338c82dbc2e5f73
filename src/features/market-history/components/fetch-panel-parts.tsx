// The parts the broker fetch panels (Kite's index minutes, Upstox's option minutes) share.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { BrokerAccount } from '@/features/market-history/api/market-history-calls';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { SelectField } from '@/components/ui/select-field';

/** A broker fetch's panel: its title (the region's name) and what it fetches, then its form and answers. */
export function FetchPanel({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-fg-muted">{hint}</p>
      {children}
    </section>
  );
}

/** The index a fetch is for, among those its broker serves. */
export function FetchIndexField<Index extends string>({ indices, value, busy, onChange }: { indices: readonly Index[]; value: Index; busy: boolean; onChange: (index: Index) => void }) {
  const intl = useIntl();
  return (
    <SelectField
      className="sm:w-40"
      label={intl.formatMessage(messages.index)}
      value={value}
      disabled={busy}
      onChange={(event) => onChange(indices.find((name) => name === event.target.value) ?? value)}
    >
      {indices.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

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
