import { memo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { OptionKind } from '@quant/option-inputs.ts';
import type { LegSide } from '@quant/strategy-legs.ts';
import type { BuilderLeg } from '@/features/strategies/model/builder-leg';
import { changeLegText, legMessages, filledText, legText, priceText, removeText, unstreamedLegText } from '@/features/strategies/strategy-builder-messages';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { cx } from '@/components/ui/class-names';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useFormat } from '@/lib/format/use-format';

export type LegChange = Partial<{ side: LegSide; kind: OptionKind; strike: number; lots: number; expiry: string; enabled: boolean }>;

type LegCardProps = {
  leg: BuilderLeg;
  number: number;
  strikes: readonly number[];
  expiries: readonly string[];
  readOnly: boolean;
  /** The price was a fill (after "Trade all"), not the live quote. */
  filled?: boolean;
  priceAge?: ReactNode;
  /**
   * The leg has no price of its own (its broker does not stream its contract, its price has not come, or it was
   * saved without one): the card says so instead of a premium, and the screen leaves the leg out of the payoff, the
   * margin and the basket.
   */
  unpriced?: { reason: 'unstreamed'; broker: string } | { reason: 'waiting' } | { reason: 'savedUnpriced' } | null;
  /** Stable across renders (the fields are memoised): the leg is named by its id. */
  onChange: (id: string, change: LegChange) => void;
  onRemove: (id: string) => void;
};

/**
 * A leg's strikes: a whole chain's 250 options a card, re-rendered by every price tick of the builder with six
 * legs unless kept while the chain and the leg's strike stay the same (the screen keeps its strike list).
 */
const StrikeOptions = memo(function StrikeOptions({ strikes, current }: { strikes: readonly number[]; current: number }) {
  return (strikes.includes(current) ? strikes : [current, ...strikes]).map((strike) => (
    <option key={strike} value={strike}>{strike}</option>
  ));
});

/**
 * One leg as a card (the builder's list at any width): its contract in words and price line, then every field
 * editable and a switch to leave it out. On a phone the fields fold under "Change leg n" (issue 62: four legs'
 * fields made the 360 px builder a 4,700 px scroll with "Trade all" at its foot); the contract line says what
 * they hold. A price tick re-renders the price line; the fields (five selects, one with the chain's 250
 * strikes) only when the leg itself changes.
 */
export function LegCard({ leg, number, strikes, expiries, readOnly, filled = false, priceAge, unpriced = null, onChange, onRemove }: LegCardProps) {
  const intl = useIntl();
  const { formatContract, formatInr, formatPercent } = useFormat();
  const [open, setOpen] = useState(false);
  const price = formatInr(leg.entryPrice);
  const fieldsId = `${leg.id}-fields`;
  return (
    <li
      className={cx('flex flex-col gap-2 rounded-lg border p-3', leg.enabled ? 'border-line bg-surface' : 'border-dashed border-line bg-surface-muted opacity-80')}
      aria-label={intl.formatMessage(legText, { number })}
      data-testid="leg-card"
      data-side={leg.side}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex gap-1.5 font-semibold text-fg">
          <span className={leg.side === 'BUY' ? 'text-profit' : 'text-loss'}>{intl.formatMessage(leg.side === 'BUY' ? legMessages.buy : legMessages.sell)}</span>
          <span title={leg.tradingsymbol}>{formatContract(leg.tradingsymbol, leg.expiry)}</span>
          {!leg.enabled && <span className="rounded bg-surface-muted px-1.5 text-xs font-medium text-fg-muted">{intl.formatMessage(legMessages.off)}</span>}
        </p>
        {unpriced !== null ? (
          // Never "Premium ₹0.00" nor the contract's former premium: a number the leg does not have.
          <p className="text-sm text-fg" data-testid="leg-unpriced">
            {unpriced.reason === 'unstreamed'
              ? intl.formatMessage(unstreamedLegText, { broker: unpriced.broker })
              : intl.formatMessage(unpriced.reason === 'waiting' ? legMessages.waitingPrice : legMessages.savedUnpriced)}
          </p>
        ) : (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          {filled
            ? intl.formatMessage(filledText, { price })
            : leg.kind === 'FUT'
              ? price
              : intl.formatMessage(priceText, { price, iv: formatPercent(leg.volatility, { maximumFractionDigits: 1 }) })}
          {!filled && priceAge}
        </p>
        )}
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={fieldsId}
        onClick={() => setOpen((value) => !value)}
        className="min-h-11 self-start rounded-md border border-line px-3 text-sm font-medium text-fg hover:bg-surface-muted sm:hidden"
      >
        {intl.formatMessage(changeLegText, { number })}
      </button>
      <div id={fieldsId} className={cx('flex flex-col gap-2', !open && 'max-sm:hidden')}>
        <LegFields
        id={leg.id}
        side={leg.side}
        kind={leg.kind}
        strike={leg.strike}
        lots={leg.lots}
        expiry={leg.expiry}
        enabled={leg.enabled}
        number={number}
        strikes={strikes}
        expiries={expiries}
        readOnly={readOnly}
        onChange={onChange}
        onRemove={onRemove}
      />
      </div>
    </li>
  );
}

type LegFieldsProps = Pick<BuilderLeg, 'id' | 'side' | 'kind' | 'strike' | 'lots' | 'expiry' | 'enabled'> &
  Pick<LegCardProps, 'number' | 'strikes' | 'expiries' | 'readOnly' | 'onChange' | 'onRemove'>;

/** A leg's fields, from its values alone: a price tick (a new leg object, the same values) leaves them be. */
const LegFields = memo(function LegFields({ id, side, kind, strike, lots, expiry, enabled, number, strikes, expiries, readOnly, onChange, onRemove }: LegFieldsProps) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const change = (values: LegChange) => onChange(id, values);
  return (
    <>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <SelectField label={intl.formatMessage(legMessages.side)} value={side} disabled={readOnly} onChange={(event) => change({ side: event.target.value === 'BUY' ? 'BUY' : 'SELL' })}>
          <option value="BUY">{intl.formatMessage(legMessages.buy)}</option>
          <option value="SELL">{intl.formatMessage(legMessages.sell)}</option>
        </SelectField>
        {/* A future stays a future (no strike, its own months): its side and lots change, its month is in its name. */}
        {kind === 'FUT' ? (
          <SelectField label={intl.formatMessage(legMessages.kind)} value={kind} disabled>
            <option value="FUT">{intl.formatMessage(legMessages.future)}</option>
          </SelectField>
        ) : (
          <>
            <SelectField label={intl.formatMessage(legMessages.kind)} value={kind} disabled={readOnly} onChange={(event) => change({ kind: event.target.value === 'CE' ? 'CE' : 'PE' })}>
              <option value="CE">{intl.formatMessage(legMessages.call)}</option>
              <option value="PE">{intl.formatMessage(legMessages.put)}</option>
            </SelectField>
            <SelectField label={intl.formatMessage(legMessages.strike)} value={strike} disabled={readOnly} onChange={(event) => change({ strike: Number(event.target.value) })}>
              <StrikeOptions strikes={strikes} current={strike} />
            </SelectField>
          </>
        )}
        <TextField
          label={intl.formatMessage(legMessages.lots)}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          value={lots}
          disabled={readOnly}
          onChange={(event) => {
            const next = Number(event.target.value);
            if (Number.isSafeInteger(next) && next >= 1 && next <= 100) change({ lots: next });
          }}
        />
        <SelectField label={intl.formatMessage(legMessages.expiry)} value={expiry} disabled={readOnly || kind === 'FUT'} onChange={(event) => change({ expiry: event.target.value })} className="col-span-2 sm:col-span-1">
          {(expiries.includes(expiry) ? expiries : [expiry, ...expiries]).map((item) => (
            <option key={item} value={item}>{formatDate(item)}</option>
          ))}
        </SelectField>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CheckboxField label={intl.formatMessage(legMessages.enabled)} name={`${id}-enabled`} checked={enabled} disabled={readOnly} onChange={(value) => change({ enabled: value })} />
        {!readOnly && (
          <button type="button" onClick={() => onRemove(id)} className="min-h-11 rounded-md px-3 text-sm font-medium text-danger hover:underline">
            {intl.formatMessage(removeText, { number })}
          </button>
        )}
      </div>
    </>
  );
});
