import { useIntl } from 'react-intl';
import { UnderlyingSearch } from '@/components/trading/underlying-search';
import { TextField } from '@/components/ui/text-field';
import { MAX_LOTS, MAX_STOCK_POSITIONS, MAX_STOP_LOSS_PCT, MAX_TARGET_PCT, MIN_LOTS, MIN_STOCK_POSITIONS } from '@/features/portfolios/api/portfolio-types';
import { botFormMessages as m, lotsHint, maxStockPositionsHint } from '@/features/portfolios/bot-form-messages';
import type { BoundField } from '@/features/portfolios/hooks/use-bot-form';
import { STOCK_FROM_ALERT } from '@/features/portfolios/model/bot-form-values';

type BotCommonFieldsProps = {
  /** Whether the stock named in the alert is offered (a trading bot's webhook names it). */
  alertStock: boolean;
  bind: (name: string) => BoundField;
  /** Sets a field's value as the underlying search picks it. */
  choose: (name: string, value: string) => void;
};

/**
 * Name, underlying, size and exits: what every bot has, whatever its strategy. The underlying is found in the same
 * search as the chain's (any index or F&O stock, a banned stock marked); a trading bot may instead trade the stock
 * its webhook's alert names (issue 63), the search's first choice.
 */
export function BotCommonFields({ alertStock, bind, choose }: BotCommonFieldsProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const underlying = bind('underlying');
  const fromAlert = underlying.value === STOCK_FROM_ALERT;
  return (
    <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      <TextField label={t(m.name)} hint={t(m.nameHint)} autoComplete="off" required className="sm:col-span-2" {...bind('name')} />
      <UnderlyingSearch
        name="underlying"
        required
        value={fromAlert ? t(m.stockFromAlert) : underlying.value}
        error={underlying.error}
        onBlur={underlying.onBlur}
        onPick={(row) => choose('underlying', row.symbol)}
        lead={alertStock ? { label: t(m.stockFromAlert), note: t(m.stockFromAlertNote), onPick: () => choose('underlying', STOCK_FROM_ALERT) } : undefined}
      />
      {/* The cap on a stock-alert bot's stocks (issue 63): shown only where it applies. */}
      {alertStock && fromAlert && (
        <TextField
          label={t(m.maxStockPositions)}
          hint={t(maxStockPositionsHint, { min: MIN_STOCK_POSITIONS, max: MAX_STOCK_POSITIONS })}
          type="number"
          inputMode="numeric"
          min={MIN_STOCK_POSITIONS}
          max={MAX_STOCK_POSITIONS}
          step={1}
          required
          {...bind('max_stock_positions')}
        />
      )}
      <TextField
        label={t(m.lots)}
        hint={t(lotsHint, { min: MIN_LOTS, max: MAX_LOTS })}
        type="number"
        inputMode="numeric"
        min={MIN_LOTS}
        max={MAX_LOTS}
        step={1}
        required
        {...bind('lots')}
      />
      <TextField
        label={t(m.stopLoss)}
        hint={t(m.stopLossHint)}
        type="number"
        inputMode="decimal"
        min={0}
        max={MAX_STOP_LOSS_PCT}
        step="any"
        required
        {...bind('stop_loss_pct')}
      />
      <TextField
        label={t(m.target)}
        hint={t(m.targetHint)}
        type="number"
        inputMode="decimal"
        min={0}
        max={MAX_TARGET_PCT}
        step="any"
        required
        {...bind('target_pct')}
      />
    </div>
  );
}
