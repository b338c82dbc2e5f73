import { useId } from 'react';
import { useIntl } from 'react-intl';
import { FactItem } from '@/features/market-facts/components/fact-item';
import { marketFactsMessages as m } from '@/features/market-facts/market-facts-messages';
import type { FactGroup } from '@/features/market-facts/model/fact-groups';

const headings = { exchange: m.groupExchange, index: m.groupIndex, charges: m.groupCharges } as const;

/**
 * One exchange's, index's or segment's facts as a card: a list a phone reads top to bottom, the source its lines
 * share said once at its foot (of every line, or of those that name none of their own).
 */
export function FactCard({ group }: { group: FactGroup }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-line bg-surface p-3" data-testid="market-facts-card">
      <h2 id={headingId} className="text-base font-semibold">
        {intl.formatMessage(headings[group.kind], { subject: group.subject })}
      </h2>
      <ul className="mt-1 flex flex-col">
        {group.facts.map((fact) => (
          <FactItem key={`${fact.kind}:${fact.detail ?? ''}:${fact.effective_from ?? ''}`} fact={fact} sharedSource={group.source} />
        ))}
      </ul>
      {group.source !== null && (
        <p className="border-t border-line pt-2 text-xs text-fg-muted break-words" data-testid="market-facts-card-source">
          {intl.formatMessage(group.facts.every((fact) => fact.source === group.source) ? m.sourceOfAll : m.sourceOfOthers, { source: group.source })}
        </p>
      )}
    </section>
  );
}
