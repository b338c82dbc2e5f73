import { useEffect, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { getRiskLimits, updateRiskLimits, type RiskLimits, type RiskLimitsAnswer } from '@/features/kill-switch/api/kill-switch-calls';
import { killSwitchPageMessages as messages } from '@/features/kill-switch/kill-switch-messages';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { sayRefusal } from '@/i18n/say-refusal';

type Field = keyof RiskLimits;
type Draft = Record<Field, string>;

const amountFields: readonly Field[] = ['max_loss_today', 'profit_lock_from'];
const fields: ReadonlyArray<{ name: Field; label: MessageDescriptor }> = [
  { name: 'max_loss_today', label: messages.maxLoss },
  { name: 'profit_lock_from', label: messages.profitFrom },
  { name: 'profit_lock_keep_pct', label: messages.profitKeep },
  { name: 'max_trades_today', label: messages.maxTrades },
  { name: 'max_lots_per_order', label: messages.maxLots },
  { name: 'max_open_positions', label: messages.maxPositions },
];

const draftOf = (limits: RiskLimits): Draft =>
  Object.fromEntries(fields.map(({ name }) => [name, limits[name] === null ? '' : String(limits[name])])) as Draft;

/** The typed text as a limit: null when empty; undefined when it is not one (the field then says why). */
function parse(name: Field, text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (amountFields.includes(name)) {
    return /^\d+(\.\d{1,2})?$/.test(trimmed) && Number(trimmed) > 0 ? Number(trimmed) : undefined;
  }
  return /^\d+$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : undefined;
}

/**
 * One account's risk limits, with how much of each is used today ("₹7,200 of ₹10,000 loss"), refreshed
 * every 5 s while shown so the trader watches the loss limit approach.
 */
export function RiskLimitsForm({ accountNumber }: { accountNumber: string }) {
  const intl = useIntl();
  const { formatInr, formatSignedInr, formatNumber, formatTime } = useFormat();
  const [answer, setAnswer] = useState<RiskLimitsAnswer | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let current = true;
    const load = () =>
      getRiskLimits(accountNumber)
        .then((next) => {
          if (!current) return;
          setAnswer(next);
          setDraft((old) => old ?? draftOf(next.limits));
        })
        .catch(() => undefined);
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void load();
    }, 5000);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [accountNumber]);

  if (answer === null || draft === null) return null;
  const inr = (value: number) => formatInr(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const { limits, usage } = answer;

  const usageOf = (name: Field): string | null => {
    if (name === 'max_loss_today' && limits.max_loss_today !== null) {
      return intl.formatMessage(messages.lossUse, { used: inr(Math.max(0, -usage.pnl_today)), limit: inr(limits.max_loss_today) });
    }
    if (name === 'profit_lock_from' && limits.profit_lock_from !== null) {
      return usage.locked_profit === null
        ? intl.formatMessage(messages.lockWaiting, { from: inr(limits.profit_lock_from), peak: inr(usage.peak_pnl_today) })
        : intl.formatMessage(messages.lockUse, { locked: inr(usage.locked_profit), peak: inr(usage.peak_pnl_today) });
    }
    if (name === 'max_trades_today' && limits.max_trades_today !== null) {
      return intl.formatMessage(messages.countUse, { used: formatNumber(usage.trades_today), limit: formatNumber(limits.max_trades_today) });
    }
    if (name === 'max_open_positions' && limits.max_open_positions !== null) {
      return intl.formatMessage(messages.countUse, { used: formatNumber(usage.open_positions), limit: formatNumber(limits.max_open_positions) });
    }
    return null;
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFormError(null);
    const nextErrors: Partial<Record<Field, string>> = {};
    const parsed = {} as Record<Field, number | null>;
    for (const { name } of fields) {
      const value = parse(name, draft[name]);
      if (value === undefined) nextErrors[name] = intl.formatMessage(amountFields.includes(name) ? messages.invalidAmount : messages.invalidNumber);
      else parsed[name] = value;
    }
    if (Object.keys(nextErrors).length === 0 && (parsed.profit_lock_from === null) !== (parsed.profit_lock_keep_pct === null)) {
      nextErrors[parsed.profit_lock_from === null ? 'profit_lock_from' : 'profit_lock_keep_pct'] = intl.formatMessage(messages.lockPair);
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    setSaving(true);
    try {
      const next = await updateRiskLimits(accountNumber, parsed as RiskLimits);
      setAnswer(next);
      setDraft(draftOf(next.limits));
      setSaved(true);
    } catch (error) {
      setFormError(isApiError(error) ? sayRefusal(intl, error) : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <h3 className="font-semibold">{intl.formatMessage(messages.limitsTitle)}</h3>
      <p className="text-sm text-fg-muted">{intl.formatMessage(messages.limitsHint)}</p>
      <p className="text-sm" data-testid="pnl-today">
        {usage.status === 'OK'
          ? intl.formatMessage(messages.pnlToday, { pnl: formatSignedInr(usage.pnl_today, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })
          : intl.formatMessage(messages.unknownUse, { time: formatTime(usage.as_of) })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map(({ name, label }) => (
          <TextField
            key={name}
            label={intl.formatMessage(label)}
            inputMode={amountFields.includes(name) ? 'decimal' : 'numeric'}
            value={draft[name]}
            onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
            error={errors[name]}
            hint={usageOf(name) ?? undefined}
          />
        ))}
      </div>
      <FormError>{formError}</FormError>
      <div className="flex items-center gap-3">
        <Button type="submit" busy={saving}>
          {intl.formatMessage(messages.save)}
        </Button>
        {saved && (
          <p role="status" className="text-sm text-profit">
            {intl.formatMessage(messages.saved)}
          </p>
        )}
      </div>
    </form>
  );
}
