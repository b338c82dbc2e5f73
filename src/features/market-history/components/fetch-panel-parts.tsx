// The parts the broker fetch panels (Kite's index minutes, Upstox's option minutes, Dhan's and Noren's candles) share.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { BrokerAccount } from '@/features/market-history/api/market-history-calls';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { FormError } from '@/components/ui/form-error';
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

/** One choice among a fetch's options (`label` words each one; the value itself when absent). */
export function FetchChoiceField<Value extends string>({ label, options, value, busy, onChange, optionLabel = (option) => option }: {
  label: string;
  options: readonly Value[];
  value: Value;
  busy: boolean;
  onChange: (value: Value) => void;
  optionLabel?: (option: Value) => string;
}) {
  return (
    <SelectField className="sm:w-40" label={label} value={value} disabled={busy} onChange={(event) => onChange(options.find((option) => option === event.target.value) ?? value)}>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </SelectField>
  );
}

/** The index a fetch is for, among those its broker serves. */
export function FetchIndexField<Index extends string>({ indices, value, busy, onChange }: { indices: readonly Index[]; value: Index; busy: boolean; onChange: (index: Index) => void }) {
  const intl = useIntl();
  return <FetchChoiceField label={intl.formatMessage(messages.index)} options={indices} value={value} busy={busy} onChange={onChange} />;
}

/** The fetch's first and last day, and its button (the form's end). */
export function FetchDaysAndButton({ from, to, onFrom, onTo, busy, button }: { from: string; to: string; onFrom: (day: string) => void; onTo: (day: string) => void; busy: boolean; button: string }) {
  const intl = useIntl();
  return (
    <>
      <DateField className="sm:w-48" label={intl.formatMessage(messages.from)} value={from} onDayChange={onFrom} disabled={busy} />
      <DateField className="sm:w-48" label={intl.formatMessage(messages.to)} value={to} onDayChange={onTo} disabled={busy} />
      <Button type="submit" busy={busy} className="sm:mt-7">
        {button}
      </Button>
    </>
  );
}

/** Under the form: "log in first" for an account without a session, the bar while the broker is read, the refusal. */
export function FetchState({ account, logInFirst, progress, error }: { account: BrokerAccount | null; logInFirst: string; progress: { label: string; text: string } | null; error: string | null }) {
  return (
    <>
      {account !== null && !account.is_logged_in && <p className="text-sm text-fg-muted">{logInFirst}</p>}
      {progress !== null && <FetchProgress label={progress.label} text={progress.text} />}
      <FormError>{error}</FormError>
    </>
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
