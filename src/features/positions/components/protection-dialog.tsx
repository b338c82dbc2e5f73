import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { updatePortfolioProtection, type ProtectionAnswer, type ProtectionLevels } from '@/features/positions/api/protection-calls';
import { protectionMessages as messages } from '@/features/positions/protection-messages';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { sayRefusal } from '@/i18n/say-refusal';

type Unit = 'inr' | 'pct';
type Amount = { value: number; unit: Unit };
type Field = 'stop' | 'target' | 'every' | 'by' | 'at' | 'keep';
type Group = 'stop' | 'target' | 'trail' | 'lock';
type Draft = { values: Record<Field, string>; units: Record<Group, Unit> };

const text = (amount: Amount | null | undefined) => (amount == null ? '' : String(amount.value));

function draftOf(levels: ProtectionLevels | null): Draft {
  return {
    values: {
      stop: text(levels?.stop_loss),
      target: text(levels?.target),
      every: text(levels?.trailing?.every),
      by: text(levels?.trailing?.by),
      at: text(levels?.profit_lock?.at),
      keep: text(levels?.profit_lock?.keep),
    },
    units: {
      stop: levels?.stop_loss?.unit ?? 'inr',
      target: levels?.target?.unit ?? 'inr',
      trail: levels?.trailing?.every.unit ?? 'inr',
      lock: levels?.profit_lock?.at.unit ?? 'inr',
    },
  };
}

/** The typed amount: null when empty, undefined when it is not an amount (the field says why). The server judges zero. */
function parse(value: string): number | null | undefined {
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** Sets or changes the portfolio's stop-loss, target, trailing stop-loss and profit lock; the server checks them against the MTM now. */
export function ProtectionDialog({
  portfolioId,
  answer,
  onClose,
  onSaved,
}: {
  portfolioId: number;
  answer: ProtectionAnswer;
  onClose: () => void;
  onSaved: (next: ProtectionAnswer) => void;
}) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(answer.protection?.levels ?? null));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const setValue = (field: Field, value: string) => setDraft({ ...draft, values: { ...draft.values, [field]: value } });
  const setUnit = (group: Group, unit: Unit) => setDraft({ ...draft, units: { ...draft.units, [group]: unit } });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const nextErrors: Partial<Record<Field, string>> = {};
    const parsed = {} as Record<Field, number | null>;
    for (const field of Object.keys(draft.values) as Field[]) {
      const value = parse(draft.values[field]);
      if (value === undefined) nextErrors[field] = intl.formatMessage(messages.invalid);
      else parsed[field] = value;
    }
    for (const [a, b] of [['every', 'by'], ['at', 'keep']] as const) {
      if (nextErrors[a] === undefined && nextErrors[b] === undefined && (parsed[a] === null) !== (parsed[b] === null)) {
        nextErrors[parsed[a] === null ? a : b] = intl.formatMessage(messages.pair);
      }
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    const amount = (field: Field, group: Group): Amount | null => (parsed[field] === null ? null : { value: parsed[field], unit: draft.units[group] });
    const levels: ProtectionLevels = {
      stop_loss: amount('stop', 'stop'),
      target: amount('target', 'target'),
      trailing: parsed.every === null ? null : { every: amount('every', 'trail')!, by: amount('by', 'trail')! },
      profit_lock: parsed.at === null ? null : { at: amount('at', 'lock')!, keep: amount('keep', 'lock')! },
    };
    setSaving(true);
    try {
      onSaved(await updatePortfolioProtection(portfolioId, levels));
    } catch (error) {
      setFormError(isApiError(error) ? sayRefusal(intl, error) : String(error));
    } finally {
      setSaving(false);
    }
  };

  const unitSelect = (group: Group) => (
    <SelectField label={intl.formatMessage(messages.unit)} value={draft.units[group]} onChange={(event) => setUnit(group, event.target.value as Unit)} data-unit={group}>
      <option value="inr">{intl.formatMessage(messages.rupees)}</option>
      <option value="pct">{intl.formatMessage(messages.percent)}</option>
    </SelectField>
  );
  const amountField = (field: Field, label: string) => (
    <TextField label={label} inputMode="decimal" value={draft.values[field]} onChange={(event) => setValue(field, event.target.value)} error={errors[field]} data-level={field} />
  );
  const row = 'grid grid-cols-[1fr_auto] items-start gap-2';

  return (
    <Modal
      onClose={onClose}
      title={intl.formatMessage(messages.dialogTitle)}
      description={intl.formatMessage(messages.dialogHint, { margin: formatInr(answer.margin ?? 0, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage(messages.cancel)}
          </Button>
          <Button type="submit" form={formId} busy={saving}>
            {intl.formatMessage(messages.save)}
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className={row}>
          {amountField('stop', intl.formatMessage(messages.stopLoss))}
          {unitSelect('stop')}
        </div>
        <div className={row}>
          {amountField('target', intl.formatMessage(messages.target))}
          {unitSelect('target')}
        </div>
        <fieldset className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[1fr_1fr_auto]">
          {amountField('every', intl.formatMessage(messages.trailEvery))}
          {amountField('by', intl.formatMessage(messages.trailBy))}
          <div className="col-span-2 sm:col-span-1">{unitSelect('trail')}</div>
        </fieldset>
        <fieldset className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[1fr_1fr_auto]">
          {amountField('at', intl.formatMessage(messages.lockAt))}
          {amountField('keep', intl.formatMessage(messages.lockKeep))}
          <div className="col-span-2 sm:col-span-1">{unitSelect('lock')}</div>
        </fieldset>
        <FormError>{formError}</FormError>
      </form>
    </Modal>
  );
}
