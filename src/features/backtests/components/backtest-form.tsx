import { useEffect, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { createBacktest, type Backtest, type BacktestCreate } from '@/features/backtests/api/backtest-calls';
import { getBotChoices, type BotChoices, type BotKind, type SavedBot } from '@/features/backtests/api/saved-bots';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { configuredBotMessages as configured } from '@/features/backtests/configured-bot-messages';
import { ChoiceChips } from '@/features/backtests/components/choice-chips';
import type { BotEditor, ConfiguredBot } from '@/features/backtests/model/configured-bot';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/class-names';
import { DateField } from '@/components/ui/date-field';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { sayServerText } from '@/i18n/say-server-text';
import { StaleNote } from '@/components/ui/stale-note';
import { isApiError } from '@/lib/api/api-error';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { recallLastKnown, rememberLastKnown } from '@/lib/persist/last-known';

const botKey = (bot: Pick<SavedBot, 'kind' | 'id'>) => `${bot.kind}:${bot.id}`;
/** The last-known bots to choose from (lib/persist/last-known.ts: user data, cleared at sign-out). */
const botChoicesName = 'backtests:bot-choices';

/** A saved bot, or one configured in this form (offered when the app hands in the Bots screen's editor). */
type Source = 'saved' | 'configured';
type ChosenBot = Pick<BacktestCreate, 'daily_bot_id' | 'trading_bot_id' | 'bot'>;

/**
 * Chooses the bot (a saved daily or trading bot, or one configured here with the Bots screen's own form), a
 * range of days and a capital, and queues the backtest.
 */
export function BacktestForm({ onStarted, botEditor: BotEditor }: { onStarted: (backtest: Backtest) => void; botEditor?: BotEditor }) {
  const intl = useIntl();
  const botFormId = useId();
  // The bots to choose from, and when they were read when it is the last-known copy (a read that failed).
  const [held, setHeld] = useState<{ choices: BotChoices; asOf: number | null } | null>(null);
  const [botsFailed, setBotsFailed] = useState(false);
  const [stamp, setStamp] = useState(0);
  const [source, setSource] = useState<Source>('saved');
  const [kind, setKind] = useState<BotKind>('daily');
  const [portfolioId, setPortfolioId] = useState('');
  const [chosen, setChosen] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [capital, setCapital] = useState('500000');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Offline (or the server unreachable) the last-known bots show with their time, as on the Bots screen,
  // rather than "Your bots could not be loaded."; read again when the connection returns (issue 36).
  useEffect(() => {
    let current = true;
    getBotChoices().then(
      (answer) => {
        if (!current) return;
        setHeld({ choices: answer, asOf: null });
        setBotsFailed(false);
        rememberLastKnown(botChoicesName, answer);
      },
      async () => {
        const kept = await recallLastKnown<BotChoices>(botChoicesName);
        if (!current) return;
        setBotsFailed(true);
        if (kept !== null) setHeld((old) => (old !== null && old.asOf === null ? old : { choices: kept.value, asOf: kept.at }));
      },
    );
    return () => {
      current = false;
    };
  }, [stamp]);
  useReloadWhenOnline(botsFailed, () => setStamp((value) => value + 1));

  const choices = held?.choices ?? null;
  const bots = choices?.bots ?? null;
  const portfolios = choices?.portfolios ?? [];
  // Until the trader picks one: the first paper portfolio (its account's limits are the ones practised on).
  const portfolio =
    portfolios.find((candidate) => String(candidate.id) === portfolioId) ?? portfolios.find((candidate) => candidate.mode === 'paper') ?? portfolios[0];

  /** Queues the backtest of `bot` once the range and capital read; says what is missing otherwise. */
  const start = async (bot: ChosenBot) => {
    const rupees = Number(capital.replaceAll(',', '').trim());
    if (from === '' || to === '') return setError(intl.formatMessage(messages.rangeRequired));
    if (!Number.isFinite(rupees) || rupees <= 0) return setError(intl.formatMessage(messages.capitalInvalid));
    setError(null);
    setBusy(true);
    try {
      onStarted(await createBacktest({ from, to, capital: Math.round(rupees * 100) / 100, ...bot }));
    } catch (failure) {
      setError(isApiError(failure) ? sayServerText(intl, failure.text, failure.message) : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const startConfigured = (bot: ConfiguredBot) => {
    if (portfolio === undefined) return setError(intl.formatMessage(configured.portfolioRequired));
    void start({ bot: { ...bot, portfolio_id: portfolio.id } });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The editor checks the bot as the Bots screen does (errors on its fields, the first one focused) and
    // hands it to startConfigured only once it is valid.
    if (source === 'configured') {
      const editor = document.getElementById(botFormId);
      return editor instanceof HTMLFormElement ? editor.requestSubmit() : undefined;
    }
    const bot = bots?.find((candidate) => botKey(candidate) === chosen);
    if (bot === undefined) return setError(intl.formatMessage(messages.botRequired));
    void start(bot.kind === 'daily' ? { daily_bot_id: bot.id } : { trading_bot_id: bot.id });
  };

  const daily = bots?.filter((bot) => bot.kind === 'daily') ?? [];
  const trading = bots?.filter((bot) => bot.kind === 'trading') ?? [];
  const option = (bot: SavedBot) => (
    <option key={botKey(bot)} value={botKey(bot)}>
      {intl.formatMessage(messages.botLine, { name: bot.name, underlying: bot.underlying, portfolio: bot.portfolio })}
    </option>
  );
  const configuring = BotEditor !== undefined && source === 'configured';

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
      {botsFailed && held === null && <p className="text-sm text-loss">{intl.formatMessage(messages.botsFailed)}</p>}
      {botsFailed && held !== null && held.asOf !== null && <StaleNote asOf={held.asOf} />}
      {BotEditor !== undefined && (
        <ChoiceChips
          legend={intl.formatMessage(configured.botSource)}
          value={source}
          choices={[
            { value: 'saved', label: intl.formatMessage(configured.savedBot) },
            { value: 'configured', label: intl.formatMessage(configured.configureHere) },
          ]}
          onChange={(next) => {
            setSource(next);
            setError(null);
          }}
        />
      )}
      {!configuring && bots !== null && bots.length === 0 && (
        <p className="text-sm text-fg-muted">{intl.formatMessage(BotEditor === undefined ? messages.noBots : configured.noBotsConfigure)}</p>
      )}
      {configuring && (
        <div className="flex flex-col gap-4 border-t border-line pt-4" data-testid="configured-bot">
          <p className="text-sm text-fg-muted">{intl.formatMessage(configured.note)}</p>
          <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
            <ChoiceChips
              legend={intl.formatMessage(configured.botKind)}
              value={kind}
              choices={[
                { value: 'daily', label: intl.formatMessage(configured.dailyBot) },
                { value: 'trading', label: intl.formatMessage(configured.tradingBot) },
              ]}
              onChange={setKind}
            />
            <SelectField
              label={intl.formatMessage(configured.portfolio)}
              hint={intl.formatMessage(configured.portfolioHint)}
              value={portfolio === undefined ? '' : String(portfolio.id)}
              onChange={(event) => setPortfolioId(event.target.value)}
              disabled={choices === null}
            >
              {portfolios.length === 0 && <option value="">{intl.formatMessage(configured.noPortfolio)}</option>}
              {portfolios.map((candidate) => (
                <option key={candidate.id} value={String(candidate.id)}>
                  {candidate.name}
                </option>
              ))}
            </SelectField>
          </div>
          {/* A new editor for each kind: a daily bot's schedule and a trading bot's window are different fields. */}
          <BotEditor key={kind} formId={botFormId} kind={kind} onConfigured={startConfigured} />
        </div>
      )}
      <form
        className={cx('grid gap-3 sm:grid-cols-2 lg:items-start', configuring ? 'border-t border-line pt-4 lg:grid-cols-[1fr_1fr_1fr_auto]' : 'lg:grid-cols-[2fr_1fr_1fr_1fr_auto]')}
        onSubmit={handleSubmit}
      >
        {!configuring && (
          <SelectField label={intl.formatMessage(messages.bot)} value={chosen} onChange={(event) => setChosen(event.target.value)} disabled={bots === null}>
            <option value="">{intl.formatMessage(messages.chooseBot)}</option>
            {daily.length > 0 && <optgroup label={intl.formatMessage(messages.dailyBots)}>{daily.map(option)}</optgroup>}
            {trading.length > 0 && <optgroup label={intl.formatMessage(messages.tradingBots)}>{trading.map(option)}</optgroup>}
          </SelectField>
        )}
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
