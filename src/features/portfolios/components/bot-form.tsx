import { useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import type { BaseStrategy } from '@/features/portfolios/api/portfolio-types';
import { BotCommonFields } from '@/features/portfolios/components/bot-common-fields';
import { botTimes, HoursNote } from '@/features/portfolios/components/hours-note';
import { LiveBotConfirmation } from '@/features/portfolios/components/live-bot-confirmation';
import { TradingModeNote } from '@/features/portfolios/components/trading-mode-note';
import { ParamFields } from '@/features/portfolios/components/param-fields';
import { ConditionSummary } from '@/features/portfolios/components/condition-summary';
import { ScheduleFields } from '@/features/portfolios/components/schedule-fields';
import { TradingWindowFields } from '@/features/portfolios/components/trading-window-fields';
import { StrategyField } from '@/features/portfolios/components/strategy-field';
import { useBotForm } from '@/features/portfolios/hooks/use-bot-form';
import type { BotPreset } from '@/features/portfolios/model/bot-form-values';
import type { Bot, BotFields, BotKind } from '@/features/portfolios/model/bot-kind';
import type { ApiError } from '@/lib/api/api-error';
import type { TradingMode } from '@/lib/trading/trading-mode';

type BotFormProps = {
  id: string;
  kind: BotKind;
  strategies: readonly BaseStrategy[];
  /** The bot to edit; a new one is set up without it. */
  bot?: Bot;
  /** A new bot's strategy chosen before the form opened. */
  preset?: BotPreset;
  busy: boolean;
  /** The save's failure, shown on the field the server names. */
  error: ApiError | null;
  onSave: (fields: BotFields) => void;
  /**
   * Whether the portfolio's account trades paper or live. Left out for a bot that trades nothing (a backtest's
   * bot configured on the spot): no mode is said or sent.
   */
  mode?: TradingMode;
  /** The account's number: a live bot is let trade by typing it. */
  accountNumber?: string;
};

/** A bot's fields: its strategy first, then what every bot has, the strategy's parameters and its day: a daily bot's schedule, a trading bot's entry window and exit time. */
export function BotForm({ id, kind, strategies, bot, preset, busy, error, onSave, mode, accountNumber }: BotFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useBotForm(kind, strategies, error, formRef, bot, preset);
  const [confirmation, setConfirmation] = useState('');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const fields = form.validate();
    if (!fields) return;
    form.markSent();
    onSave(mode === 'live' ? { ...fields, mode: 'live', ...(confirmation.trim() === '' ? {} : { live_confirmation: confirmation }) } : fields);
  };

  const weekdays = form.values.weekdays;
  return (
    <form id={id} ref={formRef} noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      {mode === undefined ? null : <TradingModeNote mode={mode} />}
      {mode === 'live' ? <LiveBotConfirmation accountNumber={accountNumber ?? ''} value={confirmation} onChange={setConfirmation} /> : null}
      <FormError>{form.banner}</FormError>
      <StrategyField
        strategies={strategies}
        chosen={form.strategy}
        field={form.bind('base_strategy')}
        onChoose={form.chooseStrategy}
      />
      {/* A backtest's bot (no mode: it trades nothing) has no webhook whose alerts could name a stock. */}
      <BotCommonFields alertStock={kind === 'trading' && mode !== undefined} bind={form.bind} choose={form.choose} />
      <ParamFields
        chosen={form.strategy !== undefined}
        params={form.params}
        disabled={form.disabled}
        values={form.values}
        bind={form.bind}
        onSet={form.setField}
      />
      <ConditionSummary values={form.values} />
      {kind === 'daily' ? (
        <ScheduleFields
          bind={form.bind}
          onTime={form.setField}
          weekdays={Array.isArray(weekdays) ? weekdays : []}
          weekdaysError={form.errorOf('weekdays')}
          onWeekdays={form.setWeekdays}
        />
      ) : (
        <TradingWindowFields bind={form.bind} onTime={form.setField} />
      )}
      <HoursNote times={botTimes(form.values, kind === 'daily')} mode={mode} />
    </form>
  );
}
