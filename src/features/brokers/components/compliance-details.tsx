import ExclamationTriangleIcon from '@heroicons/react/20/solid/ExclamationTriangleIcon';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { AccountCompliance } from '@/features/brokers/api/broker-types';
import {
  algoKept,
  algoSent,
  algoUnset,
  complianceMessages as messages,
  expiredAt,
  limitsLine,
  peakOfLimit,
  perWindow,
  validUntil,
} from '@/features/brokers/components/compliance-messages';
import { isolate } from '@/lib/format/isolate';
import { useFormat } from '@/lib/format/use-format';

/** What needs the trader: a session that is not open, an algo ID the broker could carry but is not set, no static IP. */
export function complianceWarnings(compliance: AccountCompliance): number {
  return [
    compliance.session.state !== 'logged_in',
    compliance.algo.field !== null && compliance.algo.algo_id === null,
    compliance.static_ip === null,
  ].filter(Boolean).length;
}

type Row = { label: ReactNode; text: ReactNode; warn: boolean; notes?: ReactNode[] };

function Warned({ warn, children }: { warn: boolean; children: ReactNode }) {
  const intl = useIntl();
  if (!warn) return <span className="text-fg">{children}</span>;
  // An icon and a word for screen readers, never colour alone.
  return (
    <span className="inline-flex items-start gap-1.5 text-warn">
      <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="sr-only">{intl.formatMessage(messages.warning)}</span>
      <span className="text-fg">{children}</span>
    </span>
  );
}

/** The four lines of a live account's compliance state, each a warning when it needs the trader. */
export function ComplianceDetails({ compliance, wide = false }: { compliance: AccountCompliance; wide?: boolean }) {
  const intl = useIntl();
  const { formatDate, formatHourMinute, formatNumber } = useFormat();
  const { session, orders, algo } = compliance;
  const at = (when: string) => ({ date: formatDate(when), time: formatHourMinute(when) });
  const perSecond = orders.limits.find((window) => window.window_seconds === 1)?.orders ?? orders.limits[0]?.orders ?? 0;
  const limits = intl.formatList(
    orders.limits.map((window) =>
      intl.formatMessage(perWindow, {
        seconds: window.window_seconds === null ? 'day' : String(window.window_seconds),
        count: formatNumber(window.orders),
        minutes: formatNumber((window.window_seconds ?? 0) / 60),
      }),
    ),
    { type: 'unit', style: 'short' },
  );
  const rows: Row[] = [
    {
      label: intl.formatMessage(messages.session),
      warn: session.state !== 'logged_in',
      text:
        session.state === 'logged_out' || session.until === null
          ? intl.formatMessage(messages.loggedOut)
          : intl.formatMessage(session.state === 'logged_in' ? validUntil : expiredAt, at(session.until)),
    },
    {
      label: intl.formatMessage(messages.orders),
      warn: false,
      text: intl.formatMessage(peakOfLimit, { peak: formatNumber(orders.peak_per_second), limit: formatNumber(perSecond) }),
      notes: [intl.formatMessage(limitsLine, { limits }), intl.formatMessage(messages.above)],
    },
    {
      label: intl.formatMessage(messages.algo),
      warn: algo.field !== null && algo.algo_id === null,
      text:
        algo.field === null
          ? intl.formatMessage(messages.noAlgoField)
          : algo.algo_id === null
            ? intl.formatMessage(algoUnset, { sent: isolate(algo.sent ?? ''), field: isolate(algo.field) })
            : intl.formatMessage(algoSent, { id: isolate(algo.algo_id), field: isolate(algo.field) }),
      ...(algo.field === null && algo.algo_id !== null ? { notes: [intl.formatMessage(algoKept, { id: isolate(algo.algo_id) })] } : {}),
    },
    {
      label: intl.formatMessage(messages.staticIp),
      warn: compliance.static_ip === null,
      text: compliance.static_ip === null ? intl.formatMessage(messages.staticIpUnset) : <span className="font-mono break-all">{isolate(compliance.static_ip)}</span>,
      ...(compliance.static_ip === null ? {} : { notes: [intl.formatMessage(messages.staticIpCheck)] }),
    },
  ];
  return (
    <dl className={wide ? 'grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4 lg:gap-4' : 'grid gap-3 text-sm'}>
      {rows.map((row, index) => (
        <div key={index} className="flex min-w-0 flex-col gap-0.5">
          <dt className="text-xs font-medium text-fg-muted">{row.label}</dt>
          <dd className="flex min-w-0 flex-col gap-0.5 break-words">
            <Warned warn={row.warn}>{row.text}</Warned>
            {row.notes?.map((note, noteIndex) => (
              <span key={noteIndex} className="text-xs text-fg-muted">
                {note}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
