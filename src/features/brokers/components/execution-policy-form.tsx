import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { updateExecutionPolicy, type ExecutionPolicy, type ExecutionPolicyUpdate } from '@/features/brokers/api/execution-policy-calls';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import { executionMessages as messages, limitOnlyMessage } from '@/features/brokers/components/execution-messages';
import { commonMessages } from '@/i18n/common-messages';
import { useOperation } from '@/lib/api/use-operation';
import { notify } from '@/lib/notify/notify';

type Props = { accountId: number; paper: boolean; policy: ExecutionPolicy; offline: boolean; onDone: (saved: boolean) => void };

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The account's execution policy as a form; the server checks it against the broker's rules and says why it refuses. */
export function ExecutionPolicyForm({ accountId, paper, policy, offline, onDone }: Props) {
  const intl = useIntl();
  const [mode, setMode] = useState(policy.mode);
  const [unit, setUnit] = useState(policy.buffer_unit);
  const [buffer, setBuffer] = useState(String(policy.buffer_value));
  const [interval, setInterval] = useState(String(policy.interval_seconds));
  const [tries, setTries] = useState(String(policy.max_tries));
  const [seconds, setSeconds] = useState(String(policy.max_seconds));
  const [fallback, setFallback] = useState(policy.entry_fallback);
  const limitOnly = policy.limit_only_brokers[0];
  const [rulesOf, setRulesOf] = useState(policy.paper_rules_of);
  const save = useOperation(updateExecutionPolicy);
  const rejection = rejectionOf(save.error, intl);
  const errorOf = (field: string) => (rejection?.field === field ? rejection.text : undefined);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body: ExecutionPolicyUpdate = {
      mode,
      buffer_unit: unit,
      buffer_value: Number(buffer.replace(',', '.')),
      interval_seconds: whole(interval),
      max_tries: whole(tries),
      max_seconds: whole(seconds),
      entry_fallback: fallback,
      ...(paper ? { paper_rules_of: rulesOf } : {}),
    };
    const saved = await save.run(accountId, body);
    if (!saved) return;
    notify({ kind: 'success', title: messages.saved });
    onDone(true);
  };

  const number = (label: string, value: string, set: (value: string) => void, field: string) => (
    <TextField label={label} value={value} onChange={(event) => set(event.target.value)} inputMode="decimal" autoComplete="off" error={errorOf(field)} />
  );

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)} noValidate>
      {paper && limitOnly !== undefined ? (
        <CheckboxField
          name="paper_rules_of"
          label={intl.formatMessage(limitOnlyMessage, { broker: limitOnly.broker_name })}
          hint={intl.formatMessage(messages.limitOnlyHint)}
          checked={rulesOf !== null}
          onChange={(checked) => setRulesOf(checked ? limitOnly.broker : null)}
        />
      ) : null}
      <SelectField label={intl.formatMessage(messages.modeLabel)} value={mode} onChange={(event) => setMode(event.target.value === 'market' ? 'market' : 'limit_reprice')} error={errorOf('mode')}>
        <option value="market">{intl.formatMessage(messages.modeMarket)}</option>
        <option value="limit_reprice">{intl.formatMessage(messages.modeLimit)}</option>
      </SelectField>
      {mode === 'limit_reprice' ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <SelectField label={intl.formatMessage(messages.bufferUnit)} value={unit} onChange={(event) => setUnit(event.target.value === 'ticks' ? 'ticks' : 'percent')}>
            <option value="percent">{intl.formatMessage(messages.percent)}</option>
            <option value="ticks">{intl.formatMessage(messages.ticks)}</option>
          </SelectField>
          {number(intl.formatMessage(messages.bufferValue), buffer, setBuffer, 'buffer_value')}
          {number(intl.formatMessage(messages.interval), interval, setInterval, 'interval_seconds')}
          {number(intl.formatMessage(messages.maxTries), tries, setTries, 'max_tries')}
          {number(intl.formatMessage(messages.maxSeconds), seconds, setSeconds, 'max_seconds')}
          <SelectField label={intl.formatMessage(messages.fallback)} value={fallback} onChange={(event) => setFallback(event.target.value === 'market' ? 'market' : 'cancel')} error={errorOf('entry_fallback')}>
            <option value="cancel">{intl.formatMessage(messages.fallbackCancel)}</option>
            <option value="market">{intl.formatMessage(messages.fallbackMarket)}</option>
          </SelectField>
        </div>
      ) : null}
      <p className="text-sm text-fg-muted">{intl.formatMessage(messages.exitsNote)}</p>
      {rejection !== null && !['mode', 'entry_fallback', 'buffer_value', 'interval_seconds', 'max_tries', 'max_seconds'].includes(rejection.field ?? '') ? (
        <p role="alert" className="text-sm text-danger">
          {rejection.text}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.loading} disabled={offline}>
          {intl.formatMessage(commonMessages.save)}
        </Button>
        <Button variant="secondary" onClick={() => onDone(false)}>
          {intl.formatMessage(commonMessages.cancel)}
        </Button>
      </div>
    </form>
  );
}
