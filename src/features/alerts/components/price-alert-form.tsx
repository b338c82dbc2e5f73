import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { indexNames } from '@/features/alerts/model/alert-symbols';
import { alreadyMet } from '@/features/alerts/model/already-met';
import type { PriceAlertCreate } from '@/features/alerts/api/alert-calls';
import { priceMessages as messages } from '@/features/alerts/alert-messages';
import { MetLevelQuestion } from '@/features/alerts/components/met-level-question';
import { useAlertWords } from '@/features/alerts/hooks/use-alert-words';
import { sayRefusal } from '@/i18n/say-refusal';
import { ApiError, isApiError } from '@/lib/api/api-error';
import { notify } from '@/lib/notify/notify';
import { useServerRefusal } from '@/lib/validation/use-server-refusal';

const fields = ['symbol', 'direction', 'level', 'repeat'] as const;
/** A picked contract has no symbol field: a refusal of it shows above the form. */
const contractFields = ['direction', 'level', 'repeat'] as const;

/** A level the contract takes: a positive price in rupees, at most to the paisa. */
export function parseLevel(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const level = Number(trimmed);
  return level > 0 && level <= 10_000_000 ? level : null;
}

/** Where the option chain is: an option's alert is made there (its bell, or from the ticket on a phone). */
const chainPath = '/app/dashboards/live-trade';

type PriceAlertFormProps = {
  onCreate: (body: PriceAlertCreate) => Promise<void>;
  /** An option picked in the chain or a position: the alert is on it, with its last price as the level. */
  contract?: { symbol: string; lastPrice: number | null };
  /** The live price of a symbol, from the quote the screen already has; null when there is none (never a guess). */
  priceOf: (symbol: string) => number | null;
  /** Called once the alert is made (a dialog closes). */
  onCreated?: () => void;
};

/**
 * Create a price alert on an index, or on the option given (picked in the chain or a position, never typed).
 * The live price shows under the level; a level that price has already reached is questioned before it is
 * saved (it would not fire until the price went back past it), and a saved alert is confirmed by name. The
 * server's refusal shows under the field it names (or above the form).
 */
export function PriceAlertForm({ onCreate, contract, priceOf, onCreated }: PriceAlertFormProps) {
  const intl = useIntl();
  const words = useAlertWords();
  const formRef = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState<'index' | 'option'>('index');
  const [index, setIndex] = useState<string>(indexNames[0]);
  const [direction, setDirection] = useState<PriceAlertCreate['direction']>('above');
  // The field's own notation (what parseLevel reads), not a display: a price on the 0.05 tick, two decimals.
  const [levelText, setLevelText] = useState(contract?.lastPrice === null || contract === undefined ? '' : contract.lastPrice.toFixed(2));
  // A bell tapped before the contract's first price: the level starts at that price when it arrives, unless
  // the trader has typed one meanwhile.
  const [levelTyped, setLevelTyped] = useState(false);
  if (!levelTyped && levelText === '' && contract !== undefined && contract.lastPrice !== null) setLevelText(contract.lastPrice.toFixed(2));
  const [repeat, setRepeat] = useState<PriceAlertCreate['repeat']>('once');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  // The alert the trader was asked about: the question stays while the form still says the same.
  const [asked, setAsked] = useState<Omit<PriceAlertCreate, 'repeat'> | null>(null);

  const symbol = contract !== undefined ? contract.symbol : kind === 'index' ? index : '';
  const values = { symbol, direction, level: levelText, repeat };
  // The server's refusal in the trader's language (its coded words), under the field it names.
  const refused = useMemo(() => (error?.kind === 'rejected' ? { text: sayRefusal(intl, error), field: error.field } : null), [error, intl]);
  const refusal = useServerRefusal(refused, values, contract === undefined ? fields : contractFields, formRef);
  const level = parseLevel(levelText);
  // An index's level is in points, an option's price in rupees.
  const inRupees = contract !== undefined;
  const levelError = checked && level === null ? intl.formatMessage(inRupees ? messages.levelInvalid : messages.levelInvalidPoints) : undefined;
  const price = symbol === '' ? null : priceOf(symbol);
  const met = price !== null && level !== null && alreadyMet(direction, level, price);
  const asking = met && asked !== null && asked.symbol === symbol && asked.direction === direction && asked.level === level;
  const priceHint = price === null ? intl.formatMessage(messages.noPriceNow) : intl.formatMessage(messages.lastPriceNow, { price: words.price(symbol, price) });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (symbol === '' || level === null || busy) return;
    // Asked once for these values: submitting again (Save anyway) saves.
    if (met && !asking) {
      setAsked({ symbol, direction, level });
      return;
    }
    setBusy(true);
    setError(null);
    refusal.markSent(values);
    try {
      const body = { symbol, direction, level, repeat };
      await onCreate(body);
      notify({ kind: 'success', title: messages.created, values: { rule: words.rule(body) } });
      setLevelText('');
      setChecked(false);
      setAsked(null);
      onCreated?.();
    } catch (failure) {
      setError(isApiError(failure) ? failure : new ApiError('setup', 'Error', { cause: failure }));
    } finally {
      setBusy(false);
    }
  };

  const handleChangeLevel = () => {
    setAsked(null);
    formRef.current?.querySelector<HTMLInputElement>('input[name="level"]')?.focus();
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)} className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      {refusal.banner !== null && <FormError className="sm:col-span-2">{refusal.banner}</FormError>}
      {contract === undefined && (
        <SelectField label={intl.formatMessage(messages.instrument)} value={kind} onChange={(event) => setKind(event.target.value === 'option' ? 'option' : 'index')}>
          <option value="index">{intl.formatMessage(messages.kindIndex)}</option>
          <option value="option">{intl.formatMessage(messages.kindOption)}</option>
        </SelectField>
      )}
      {contract === undefined && kind === 'index' && (
        <SelectField name="symbol" label={intl.formatMessage(messages.index)} value={index} onChange={(event) => setIndex(event.target.value)} error={refusal.fieldError('symbol')}>
          {indexNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      )}
      {contract === undefined && kind === 'option' && (
        <p className="flex flex-col items-start gap-1 pb-6 text-sm text-fg-muted sm:pt-7">
          {intl.formatMessage(messages.optionFromChain)}
          <Link to={chainPath} className="font-medium text-brand underline">
            {intl.formatMessage(messages.openChain)}
          </Link>
        </p>
      )}
      {symbol !== '' && (
        <>
          <SelectField name="direction" label={intl.formatMessage(messages.direction)} value={direction} onChange={(event) => setDirection(event.target.value === 'below' ? 'below' : 'above')} error={refusal.fieldError('direction')}>
            <option value="above">{intl.formatMessage(messages.above)}</option>
            <option value="below">{intl.formatMessage(messages.below)}</option>
          </SelectField>
          <TextField
            name="level"
            label={intl.formatMessage(inRupees ? messages.levelRupees : messages.levelPoints)}
            inputMode="decimal"
            value={levelText}
            onChange={(event) => {
              setLevelTyped(true);
              setLevelText(event.target.value);
            }}
            hint={priceHint}
            error={levelError ?? refusal.fieldError('level')}
          />
          <SelectField name="repeat" label={intl.formatMessage(messages.repeat)} value={repeat} onChange={(event) => setRepeat(event.target.value === 'every_time' ? 'every_time' : 'once')} error={refusal.fieldError('repeat')}>
            <option value="once">{intl.formatMessage(messages.once)}</option>
            <option value="every_time">{intl.formatMessage(messages.everyTime)}</option>
          </SelectField>
          {asking && price !== null ? (
            <MetLevelQuestion alert={{ symbol, direction, level }} price={price} busy={busy} onChangeLevel={handleChangeLevel} />
          ) : (
            <div className="flex items-end pb-6 sm:col-span-2">
              <Button type="submit" busy={busy}>
                {intl.formatMessage(messages.create)}
              </Button>
            </div>
          )}
        </>
      )}
    </form>
  );
}
