import { useState } from 'react';
import { useIntl } from 'react-intl';
import { profileRows, type OpenInterestDay } from '@/features/open-interest/model/oi-model';
import { oiMessages as m } from '@/features/open-interest/oi-messages';
import { useFormat } from '@/lib/format/use-format';

type Profile = NonNullable<OpenInterestDay['profile']>;

/** A figure not stored. */
const missing = '–';

/** One side's bar: today's OI filled, the previous day's outlined over it, and the figure with its change. */
function Bar({ value, previous, largest, side }: { value: number | null; previous: number | null; largest: number; side: 'call' | 'put' }) {
  const { formatLakh, formatLakhChange } = useFormat();
  const width = (oi: number) => `${Math.max(0.5, (oi / largest) * 100)}%`;
  const change = value !== null && previous !== null ? value - previous : null;
  return (
    <td className="w-1/2 px-1 py-1 align-middle">
      <div className="relative h-3.5" dir="ltr">
        {value !== null && <div className={`absolute inset-y-0 start-0 rounded-sm ${side === 'call' ? 'bg-loss/70' : 'bg-profit/70'}`} style={{ width: width(value) }} />}
        {previous !== null && <div className="absolute inset-y-0 start-0 rounded-sm border-2 border-fg/60" style={{ width: width(previous) }} />}
      </div>
      <div className="flex justify-between gap-2 text-xs tabular-nums">
        <span>{value === null ? missing : formatLakh(value)}</span>
        {change !== null && <span className={change < 0 ? 'text-loss' : change > 0 ? 'text-profit' : 'text-fg-muted'}>{formatLakhChange(change)}</span>}
      </div>
    </td>
  );
}

/** The expiry's OI by strike at the day's end, calls and puts, the previous trading day's outlined beside. */
export function OiProfile({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const { formatNumber, formatDate } = useFormat();
  const [all, setAll] = useState(false);
  const rows = profileRows(profile, all ? null : 10);
  const largest = Math.max(1, ...rows.flatMap((row) => [row.call, row.put, row.previousCall, row.previousPut].filter((value): value is number => value !== null)));
  const date = (day: string) => formatDate(`${day}T12:00:00+05:30`);
  const figures = (side: { pcr: number | null; max_pain: number | null }) =>
    intl.formatMessage(m.figures, {
      pcr: side.pcr === null ? missing : formatNumber(side.pcr, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      maxPain: side.max_pain === null ? missing : formatNumber(side.max_pain),
    });
  return (
    <section className="flex flex-col gap-2" aria-labelledby="oi-profile-title" data-testid="oi-profile">
      <h2 id="oi-profile-title" className="text-base font-semibold">
        {intl.formatMessage(m.profileTitle, { date: date(profile.day) })}
      </h2>
      <p className="text-sm" data-testid="oi-profile-figures">
        {figures(profile)}
        {profile.previous !== null && (
          <span className="text-fg-muted"> {intl.formatMessage(m.previousFigures, { date: date(profile.previous.day), figures: figures(profile.previous) })}</span>
        )}
      </p>
      {profile.previous !== null && <p className="text-xs text-fg-muted">{intl.formatMessage(m.profileVersus, { date: date(profile.previous.day) })}</p>}
      <table className="w-full table-fixed text-sm">
        <thead>
          <tr className="text-xs text-fg-muted">
            <th scope="col" className="w-1/2 px-1 text-start font-medium">{intl.formatMessage(m.calls)}</th>
            <th scope="col" className="w-20 px-1 text-center font-medium">{intl.formatMessage(m.strike)}</th>
            <th scope="col" className="w-1/2 px-1 text-start font-medium">{intl.formatMessage(m.puts)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.strike} className={`border-b border-line/60 ${row.strike === profile.max_pain ? 'bg-brand-soft' : ''}`}>
              <Bar value={row.call} previous={row.previousCall} largest={largest} side="call" />
              <th scope="row" className="px-1 text-center font-semibold tabular-nums">{formatNumber(row.strike)}</th>
              <Bar value={row.put} previous={row.previousPut} largest={largest} side="put" />
            </tr>
          ))}
        </tbody>
      </table>
      {profile.strikes.length > 21 && (
        <button type="button" onClick={() => setAll(!all)} className="min-h-11 self-start text-sm font-medium text-brand underline">
          {intl.formatMessage(all ? m.showAround : m.showAll)}
        </button>
      )}
    </section>
  );
}
