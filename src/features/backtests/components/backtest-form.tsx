import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { createBacktest, type Backtest } from '@/features/backtests/api/backtest-calls';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { useBotChoice, type ChosenBot } from '@/features/backtests/hooks/use-bot-choice';
import type { BotEditor } from '@/features/backtests/model/configured-bot';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/class-names';
import { DateField } from '@/components/ui/date-field';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { sayServerText } from '@/i18n/say-server-text';
import { isApiError } from '@/lib/api/api-error';

/**
 * Chooses the bot (a saved daily or trading bot, or one configured here with the Bots screen's own form), a
 * range of days and a capital, and queues the backtest.
 */
export function BacktestForm({ onStarted, botEditor }: { onStarted: (backtest: Backtest) => void; botEditor?: BotEditor }) {
  const intl = useIntl();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [capital, setCapital] = useState('500000');
  // A future held into its expiry is rolled this many trading days before it (the server's default); 0: it expires.
  const [rollDays, setRollDays] = useState('1');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Queues the backtest of `bot` once the range and capital read; says what is missing otherwise. */
  const start = async (bot: ChosenBot) => {
    const rupees = Number(capital.replaceAll(',', '').trim());
    if (from === '' || to === '') return setError(intl.formatMessage(messages.rangeRequired));
    if (!Number.isFinite(rupees) || rupees <= 0) return setError(intl.formatMessage(messages.capitalInvalid));
    const futuresRollDays = Number(rollDays.trim());
    if (rollDays.trim() === '' || !Number.isInteger(futuresRollDays) || futuresRollDays < 0 || futuresRollDays > 10) return setError(intl.formatMessage(messages.rollDaysInvalid));
    setError(null);
    setBusy(true);
    try {
      onStarted(await createBacktest({ from, to, capital: Math.round(rupees * 100) / 100, futures_roll_days: futuresRollDays, ...bot }));
    } catch (failure) {
      setError(isApiError(failure) ? sayServerText(intl, failure.text, failure.message) : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const { chooser, savedField, configuring, choose } = useBotChoice({ botEditor, onChosen: (bot) => void start(bot), onError: setError });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) choose();
  };

  return (
    <section className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4" aria-labelledby="backtest-new">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="backtest-new" className="text-lg font-semibold">
          {intl.formatMessage(messages.newTitle)}
        </h2>
        <Link to="/app/market_history" className="text-sm text-brand underline">
          {intl.formatMessage(messages.historyLink)}
        </Link>
      </div>
      {chooser}
      <form
        className={cx('grid gap-3 sm:grid-cols-2 lg:items-start', configuring ? 'border-t border-line pt-4 lg:grid-cols-[1fr_1fr_1fr_1fr_auto]' : 'lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]')}
        onSubmit={handleSubmit}
      >
        {savedField}
        <DateField label={intl.formatMessage(messages.from)} value={from} onDayChange={setFrom} />
        <DateField label={intl.formatMessage(messages.to)} value={to} onDayChange={setTo} />
        <TextField
          label={intl.formatMessage(messages.capital)}
          hint={intl.formatMessage(messages.capitalHint)}
          inputMode="decimal"
          value={capital}
          onChange={(event) => setCapital(event.target.value)}
        />
        <TextField
          label={intl.formatMessage(messages.rollDays)}
          hint={intl.formatMessage(messages.rollDaysHint)}
          inputMode="numeric"
          value={rollDays}
          onChange={(event) => setRollDays(event.target.value)}
        />
        <Button type="submit" busy={busy} className="lg:mt-7">
          {intl.formatMessage(messages.start)}
        </Button>
      </form>
      <FormError>{error}</FormError>
    </section>
  );
}
