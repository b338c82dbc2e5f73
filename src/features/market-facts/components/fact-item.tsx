import ExclamationTriangleIcon from '@heroicons/react/24/outline/ExclamationTriangleIcon';
import InformationCircleIcon from '@heroicons/react/24/outline/InformationCircleIcon';
import { useIntl } from 'react-intl';
import type { MarketFact } from '@/features/market-facts/api/get-market-facts';
import { factValue } from '@/features/market-facts/components/fact-value';
import { factDetailMessages, factKindMessages, marketFactsMessages as m } from '@/features/market-facts/market-facts-messages';
import { useFormat } from '@/lib/format/use-format';

const isDetail = (detail: string | null): detail is keyof typeof factDetailMessages => detail !== null && detail in factDetailMessages;

/** A fact's name: its part where it has one (a charge, a margin parameter), a holiday's or session's own name beside its kind. */
function useFactName(fact: MarketFact): string {
  const intl = useIntl();
  if (isDetail(fact.detail)) return intl.formatMessage(factDetailMessages[fact.detail]);
  const kind = intl.formatMessage(factKindMessages[fact.kind]);
  return fact.detail === null ? kind : `${kind}: ${fact.detail}`;
}

/**
 * One fact: its name and value, when it came into force and how old it is, its source unless its card says it once
 * for its lines (`sharedSource`, fact-card.tsx), and what may be wrong with it.
 */
export function FactItem({ fact, sharedSource }: { fact: MarketFact; sharedSource: string | null }) {
  const intl = useIntl();
  const format = useFormat();
  const name = useFactName(fact);
  // A holiday or a special session is a day, not a value in force since one.
  const dated = fact.kind === 'holiday' || fact.kind === 'special_session';
  return (
    <li className="flex flex-col gap-1 border-t border-line py-2 first:border-t-0" data-testid="market-fact" data-kind={fact.kind} data-subject={fact.subject}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium">{name}</span>
        <span className="font-semibold tabular-nums" data-testid="market-fact-value">
          {factValue(fact, fact.value, intl, format)}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-3 text-xs text-fg-muted">
        {fact.effective_from !== null && <span>{intl.formatMessage(dated ? m.on : m.from, { date: format.formatDate(fact.effective_from) })}</span>}
        {fact.age_days !== null && <span data-testid="market-fact-age">{intl.formatMessage(m.age, { days: fact.age_days })}</span>}
      </p>
      {fact.source !== sharedSource && (
        <p className="text-xs text-fg-muted break-words" data-testid="market-fact-source">
          {intl.formatMessage(m.source, { source: fact.source })}
        </p>
      )}
      {fact.stale && fact.revision_days !== null && (
        <p className="flex gap-1.5 text-xs text-fg" data-testid="market-fact-stale">
          <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warn" />
          {intl.formatMessage(m.stale, { days: fact.revision_days })}
        </p>
      )}
      {fact.broker_value !== null && fact.broker_name !== null && (
        <p className="flex gap-1.5 text-xs text-fg" data-testid="market-fact-broker">
          <InformationCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
          {intl.formatMessage(m.broker, { broker: fact.broker_name, value: factValue(fact, fact.broker_value, intl, format) })}
        </p>
      )}
    </li>
  );
}
