import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { createBacktest, type Backtest, type BacktestCreate } from '@/features/backtests/api/backtest-calls';
import { getSavedBots, type SavedBot } from '@/features/backtests/api/saved-bots';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { sayServerText } from '@/i18n/say-server-text';
import { isApiError } from '@/lib/api/api-error';

const botKey = (bot: Pick<SavedBot, 'kind' | 'id'>) => `${bot.kind}:${bot.id}`;

/** Chooses a saved daily or trading bot, a range of days and a capital, and queues the backtest. */
export function BacktestForm({ onStarted }: { onStarted: (backtest: Backtest) => void }) {
  const intl = useIntl();
  const [bots, setBots] = useState<SavedBot[] | null>(null);
  const [botsFailed, setBotsFailed] = useState(false);
  const [chosen, setChosen] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [capital, setCapital] = useState('500000');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    getSavedBots().then(
      (list) => current && setBots(list),
      () => current && setBotsFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const bot = bots?.find((candidate) => botKey(candidate) === chosen);
    const rupees = Number(capital.replaceAll(',', '').trim());
    if (bot === undefined) return setError(intl.formatMessage(messages.botRequired));
    if (from === '' || to === '') return setError(intl.formatMessage(messages.rangeRequired));
    if (!Number.isFinite(rupees) || rupees <= 0) return setError(intl.formatMessage(messages.capitalInvalid));
    setError(null);
    setBusy(true);
    const body: BacktestCreate = { from, to, capital: Math.round(rupees * 100) / 100, ...(bot.kind === 'daily' ? { daily_bot_id: bot.id } : { trading_bot_id: bot.id }) };
    try {
      onStarted(await createBacktest(body));
    } catch (failure) {
      setError(isApiError(failure) ? sayServerText(intl, failure.text, failure.message) : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const daily = bots?.filter((bot) => bot.kind === 'daily') ?? [];
  const trading = bots?.filter((bot) => bot.kind === 'trading') ?? [];
  const option = (bot: SavedBot) => (
    <option key={botKey(bot)} value={botKey(bot)}>
      {intl.formatMessage(messages.botLine, { name: bot.name, underlying: bot.underlying, portfolio: bot.portfolio })}
    </option>
  );

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4" aria-labelledby="backtest-new">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="backtest-new" className="text-lg font-semibold">
          {intl.formatMessage(messages.newTitle)}
        </h2>
        <Link to="/app/market_history" className="text-sm text-brand underline">
          {intl.formatMessage(messages.historyLink)}
        </Link>
      </div>
      {botsFailed && <p className="text-sm text-loss">{intl.formatMessage(messages.botsFailed)}</p>}
      {bots !== null && bots.length === 0 && <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noBots)}</p>}
      <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-start" onSubmit={(event) => void handleSubmit(event)}>
        <SelectField label={intl.formatMessage(messages.bot)} value={chosen} onChange={(event) => setChosen(event.target.value)} disabled={bots === null}>
          <option value="">{intl.formatMessage(messages.chooseBot)}</option>
          {daily.length > 0 && <optgroup label={intl.formatMessage(messages.dailyBots)}>{daily.map(option)}</optgroup>}
          {trading.length > 0 && <optgroup label={intl.formatMessage(messages.tradingBots)}>{trading.map(option)}</optgroup>}
        </SelectField>
        <DateField label={intl.formatMessage(messages.from)} value={from} onDayChange={setFrom} />
        <DateField label={intl.formatMessage(messages.to)} value={to} onDayChange={setTo} />
        <TextField
          label={intl.formatMessage(messages.capital)}
          hint={intl.formatMessage(messages.capitalHint)}
          inputMode="decimal"
          value={capital}
          onChange={(event) => setCapital(event.target.value)}
        />
        <Button type="submit" busy={busy} className="lg:mt-7">
          {intl.formatMessage(messages.start)}
        </Button>
      </form>
      <FormError>{error}</FormError>
    </section>
  );
}
