import { memo, useState } from 'react';
import { useIntl } from 'react-intl';
import { presetNames, type PresetName } from '@quant/strategy-presets.ts';
import type { Expiry } from '@/features/market/api/get-expiries';
import { UnderlyingSearch } from '@/components/trading/underlying-search';
import { legMessages } from '@/features/strategies/strategy-builder-messages';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { strategyNames } from '@/i18n/strategy-messages';
import { useFormat } from '@/lib/format/use-format';
import { builderMessages } from '@/app/strategy-builder/builder-messages';

type BuilderControlsProps = {
  index: string;
  expiry: string | null;
  expiries: readonly Expiry[];
  disabled: boolean;
  onIndex: (index: string) => void;
  onExpiry: (expiry: string) => void;
  onPreset: (preset: PresetName) => void;
  onAddLeg: (kind: 'CE' | 'PE', side: 'BUY' | 'SELL') => void;
  /** Adds the near month's future; undefined while the underlying lists none (a replay). */
  onAddFuture?: ((side: 'BUY' | 'SELL') => void) | undefined;
};

/**
 * Index and expiry, the presets placed around the money, and a single leg at the money to edit from there.
 * Memoised: nothing here shows a price, so the screen's price tick leaves it be.
 */
export const BuilderControls = memo(function BuilderControls({ index, expiry, expiries, disabled, onIndex, onExpiry, onPreset, onAddLeg, onAddFuture }: BuilderControlsProps) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const [side, setSide] = useState<'BUY' | 'SELL'>('BUY');
  const [kind, setKind] = useState<'CE' | 'PE' | 'FUT'>('CE');
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:max-w-xl">
        <UnderlyingSearch value={index} onPick={(row) => onIndex(row.symbol)} />
        <SelectField label={intl.formatMessage(builderMessages.expiry)} value={expiry ?? ''} onChange={(event) => onExpiry(event.target.value)} disabled={expiries.length === 0}>
          {expiries.map((item) => <option key={item.date} value={item.date}>{formatDate(item.date)}</option>)}
        </SelectField>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-fg">{intl.formatMessage(builderMessages.presets)}</legend>
        <div className="flex flex-wrap gap-2">
          {presetNames.map((preset) => (
            <Button key={preset} variant="secondary" disabled={disabled} onClick={() => onPreset(preset)} className="min-h-9 text-sm">
              {intl.formatMessage(strategyNames[preset])}
            </Button>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-wrap items-end gap-2">
        <legend className="mb-1 text-sm font-medium text-fg">{intl.formatMessage(builderMessages.addLeg)}</legend>
        <SelectField label={intl.formatMessage(legMessages.side)} value={side} onChange={(event) => setSide(event.target.value === 'SELL' ? 'SELL' : 'BUY')}>
          <option value="BUY">{intl.formatMessage(legMessages.buy)}</option>
          <option value="SELL">{intl.formatMessage(legMessages.sell)}</option>
        </SelectField>
        <SelectField label={intl.formatMessage(legMessages.kind)} value={kind} onChange={(event) => setKind(event.target.value === 'PE' ? 'PE' : event.target.value === 'FUT' ? 'FUT' : 'CE')}>
          <option value="CE">{intl.formatMessage(legMessages.call)}</option>
          <option value="PE">{intl.formatMessage(legMessages.put)}</option>
          {onAddFuture !== undefined && <option value="FUT">{intl.formatMessage(legMessages.future)}</option>}
        </SelectField>
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() => (kind === 'FUT' ? onAddFuture?.(side) : onAddLeg(kind, side))}
          className="mb-6"
        >{intl.formatMessage(builderMessages.add)}</Button>
      </fieldset>
    </div>
  );
});
