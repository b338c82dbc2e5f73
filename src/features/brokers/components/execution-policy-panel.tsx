import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { ExecutionPolicy } from '@/features/brokers/api/execution-policy-calls';
import { ExecutionPolicyForm } from '@/features/brokers/components/execution-policy-form';
import { defaultsMessage, executionMessages as messages, limitRepriceMessage, ruleMessage } from '@/features/brokers/components/execution-messages';
import { useExecutionPolicy } from '@/features/brokers/hooks/use-execution-policy';

type Props = { accountId: number; paper: boolean; offline: boolean };

/** A rule's effective date as the trader reads dates (the contract sends ISO days). */
function useDay() {
  const intl = useIntl();
  return (iso: string) => intl.formatDate(new Date(`${iso}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
}

/** What the policy does, in one sentence. */
function summaryOf(policy: ExecutionPolicy, intl: ReturnType<typeof useIntl>): string {
  if (policy.mode === 'market') return intl.formatMessage(messages.market);
  return intl.formatMessage(limitRepriceMessage, {
    unit: policy.buffer_unit,
    value: policy.buffer_value,
    interval: policy.interval_seconds,
    tries: policy.max_tries,
    seconds: policy.max_seconds,
    fallback: policy.entry_fallback,
  });
}

/**
 * The account's execution policy where its broker account is edited: what the app's own orders go out as, the
 * broker rules in force that chose or bound it, each with its date and source, and the form that changes it.
 */
export function ExecutionPolicyPanel({ accountId, paper, offline }: Props) {
  const intl = useIntl();
  const day = useDay();
  const { policy, failed, reload } = useExecutionPolicy(accountId);
  const [editing, setEditing] = useState(false);

  return (
    <section aria-label={intl.formatMessage(messages.title)} className="flex flex-col gap-2 text-sm">
      {/* Not a heading: the screen's outline is one h2 per account (the region is named for assistive tech). */}
      <p aria-hidden="true" className="font-semibold text-fg">
        {intl.formatMessage(messages.title)}
      </p>
      {policy === null ? (
        <p className="text-fg-muted" role={failed ? 'alert' : 'status'}>
          {intl.formatMessage(failed ? messages.failed : messages.loading)}
        </p>
      ) : editing ? (
        <ExecutionPolicyForm
          accountId={accountId}
          paper={paper}
          policy={policy}
          offline={offline}
          onDone={(saved) => {
            setEditing(false);
            if (saved) reload();
          }}
        />
      ) : (
        <>
          <p className="text-fg">{summaryOf(policy, intl)}</p>
          {policy.stored ? null : <p className="text-fg-muted">{intl.formatMessage(messages.chosenByRules)}</p>}
          <ul className="flex flex-col gap-1 text-fg-muted">
            {policy.rules.map((rule) => (
              <li key={`${rule.broker}:${rule.rule}`}>
                {intl.formatMessage(ruleMessage, { broker: rule.broker_name, rule: rule.rule, value: rule.value ?? 0, since: day(rule.effective_from), source: rule.source })}
              </li>
            ))}
            {policy.mode === 'limit_reprice' ? <li>{intl.formatMessage(defaultsMessage, { since: day(policy.defaults_from), source: policy.defaults_source })}</li> : null}
          </ul>
          <Button variant="secondary" className="self-start" disabled={offline} onClick={() => setEditing(true)}>
            {intl.formatMessage(messages.edit)}
          </Button>
        </>
      )}
    </section>
  );
}
