import { useEffect, useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { getBotChoices, type BotChoices, type BotKind, type SavedBot } from '@/features/backtests/api/saved-bots';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { configuredBotMessages as configured } from '@/features/backtests/configured-bot-messages';
import { ChoiceChips } from '@/features/backtests/components/choice-chips';
import type { BotEditor, ConfiguredBot } from '@/features/backtests/model/configured-bot';
import { SelectField } from '@/components/ui/select-field';
import { StaleNote } from '@/components/ui/stale-note';
import type { components } from '@openapi/main';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { recallLastKnown, rememberLastKnown } from '@/lib/persist/last-known';

const botKey = (bot: Pick<SavedBot, 'kind' | 'id'>) => `${bot.kind}:${bot.id}`;
/** The last-known bots to choose from (lib/persist/last-known.ts: user data, cleared at sign-out). */
const botChoicesName = 'backtests:bot-choices';

/** A saved bot, or one configured here (offered when the app hands in the Bots screen's editor). */
type Source = 'saved' | 'configured';
/** The bot as a backtest (or a replay) is asked to run it: exactly one of the three. */
export type ChosenBot = Pick<components['schemas']['BacktestCreate'], 'daily_bot_id' | 'trading_bot_id' | 'bot'>;

export type BotChoice = {
  /** Above the form: the saved/configured chips, the last-known note, and the configured bot's editor. */
  chooser: ReactNode;
  /** The saved bot's select (null while configuring), for the caller's form. */
  savedField: ReactNode;
  configuring: boolean;
  /**
   * The form was sent: a saved bot is handed to `onChosen` at once; a configured one once the editor has
   * checked it as the Bots screen does (errors on its fields, the first one focused). Says what is missing
   * through `onError` otherwise.
   */
  choose: () => void;
};

/**
 * Choosing the bot to run over history (the backtests form, a replay's bot): a saved daily or trading bot, or
 * one configured on the spot with the Bots screen's own form in one of the trader's portfolios (its account's
 * limits and charges apply). The saved bots are kept on the device, shown with their time when the server
 * cannot be reached.
 */
export function useBotChoice({ botEditor: Editor, onChosen, onError, underlying, botRequiredText }: {
  botEditor?: BotEditor;
  /** Said when the form is sent with no bot chosen (the backtests' words by default). */
  botRequiredText?: string;
  onChosen: (bot: ChosenBot) => void;
  onError: (message: string | null) => void;
  /** Only the bots on this index are offered (a replay replays one index). */
  underlying?: string;
}): BotChoice {
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
  const bots = choices?.bots.filter((bot) => underlying === undefined || bot.underlying === underlying) ?? null;
  const portfolios = choices?.portfolios ?? [];
  // Until the trader picks one: the first paper portfolio (its account's limits are the ones practised on).
  const portfolio =
    portfolios.find((candidate) => String(candidate.id) === portfolioId) ?? portfolios.find((candidate) => candidate.mode === 'paper') ?? portfolios[0];

  const onConfigured = (bot: ConfiguredBot) => {
    if (portfolio === undefined) return onError(intl.formatMessage(configured.portfolioRequired));
    onChosen({ bot: { ...bot, portfolio_id: portfolio.id } });
  };
  const configuring = Editor !== undefined && source === 'configured';

  const choose = () => {
    if (configuring) {
      const editor = document.getElementById(botFormId);
      if (editor instanceof HTMLFormElement) editor.requestSubmit();
      return;
    }
    const bot = bots?.find((candidate) => botKey(candidate) === chosen);
    if (bot === undefined) return onError(botRequiredText ?? intl.formatMessage(messages.botRequired));
    onChosen(bot.kind === 'daily' ? { daily_bot_id: bot.id } : { trading_bot_id: bot.id });
  };

  const daily = bots?.filter((bot) => bot.kind === 'daily') ?? [];
  const trading = bots?.filter((bot) => bot.kind === 'trading') ?? [];
  const option = (bot: SavedBot) => (
    <option key={botKey(bot)} value={botKey(bot)}>
      {intl.formatMessage(messages.botLine, { name: bot.name, underlying: bot.underlying, portfolio: bot.portfolio })}
    </option>
  );

  const chooser = (
    <>
      {botsFailed && held === null && <p className="text-sm text-loss">{intl.formatMessage(messages.botsFailed)}</p>}
      {botsFailed && held !== null && held.asOf !== null && <StaleNote asOf={held.asOf} />}
      {Editor !== undefined && (
        <ChoiceChips
          legend={intl.formatMessage(configured.botSource)}
          value={source}
          choices={[
            { value: 'saved', label: intl.formatMessage(configured.savedBot) },
            { value: 'configured', label: intl.formatMessage(configured.configureHere) },
          ]}
          onChange={(next) => {
            setSource(next);
            onError(null);
          }}
        />
      )}
      {!configuring && bots !== null && bots.length === 0 && (
        <p className="text-sm text-fg-muted">{intl.formatMessage(Editor === undefined ? messages.noBots : configured.noBotsConfigure)}</p>
      )}
      {configuring && Editor !== undefined && (
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
          <Editor key={kind} formId={botFormId} kind={kind} onConfigured={onConfigured} />
        </div>
      )}
    </>
  );

  const savedField = configuring ? null : (
    <SelectField label={intl.formatMessage(messages.bot)} value={chosen} onChange={(event) => setChosen(event.target.value)} disabled={bots === null}>
      <option value="">{intl.formatMessage(messages.chooseBot)}</option>
      {daily.length > 0 && <optgroup label={intl.formatMessage(messages.dailyBots)}>{daily.map(option)}</optgroup>}
      {trading.length > 0 && <optgroup label={intl.formatMessage(messages.tradingBots)}>{trading.map(option)}</optgroup>}
    </SelectField>
  );

  return { chooser, savedField, configuring, choose };
}
