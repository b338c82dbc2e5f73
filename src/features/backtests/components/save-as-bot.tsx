import { useEffect, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Backtest } from '@/features/backtests/api/backtest-calls';
import { getBotChoices, type BotPortfolio } from '@/features/backtests/api/saved-bots';
import { saveAsPaperBot } from '@/features/backtests/api/save-bot';
import { backtestMessages } from '@/features/backtests/backtest-messages';
import { configuredBotMessages as messages } from '@/features/backtests/configured-bot-messages';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { commonMessages } from '@/i18n/common-messages';
import { sayServerText } from '@/i18n/say-server-text';
import { isApiError } from '@/lib/api/api-error';

export type SavedBotNote = { name: string; portfolio: string };

/** Asks for the name and the paper portfolio, then saves the backtested bot there (paused, paper). */
function SaveDialog({ bot, onSaved, onClose }: { bot: Backtest['bot']; onSaved: (note: SavedBotNote) => void; onClose: () => void }) {
  const intl = useIntl();
  const formId = useId();
  const [portfolios, setPortfolios] = useState<BotPortfolio[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState(bot.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    getBotChoices().then(
      (choices) => current && setPortfolios(choices.portfolios.filter((portfolio) => portfolio.mode === 'paper')),
      () => current && setError(intl.formatMessage(backtestMessages.botsFailed)),
    );
    return () => {
      current = false;
    };
  }, [intl]);

  const portfolio = portfolios?.find((candidate) => String(candidate.id) === chosen) ?? portfolios?.[0];
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || portfolio === undefined) return;
    if (name.trim() === '') return setError(intl.formatMessage(messages.nameRequired));
    setBusy(true);
    setError(null);
    try {
      const saved = await saveAsPaperBot(bot, portfolio.id, name.trim());
      if (saved === null) return setError(intl.formatMessage(messages.strategyGone));
      onSaved({ name: saved.name, portfolio: portfolio.name });
    } catch (failure) {
      setError(isApiError(failure) ? sayServerText(intl, failure.text, failure.message) : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={intl.formatMessage(messages.saveTitle)}
      description={intl.formatMessage(messages.saveDescription)}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={portfolio === undefined}>
            {intl.formatMessage(messages.save)}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate className="flex flex-col gap-3" onSubmit={(event) => void handleSubmit(event)}>
        <TextField label={intl.formatMessage(messages.name)} required autoComplete="off" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        {portfolios !== null && portfolios.length === 0 ? (
          <p className="text-sm text-loss">{intl.formatMessage(messages.noPaperPortfolio)}</p>
        ) : (
          <SelectField
            label={intl.formatMessage(messages.paperPortfolio)}
            value={portfolio === undefined ? '' : String(portfolio.id)}
            onChange={(event) => setChosen(event.target.value)}
            disabled={portfolios === null}
          >
            {(portfolios ?? []).map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {candidate.name}
              </option>
            ))}
          </SelectField>
        )}
        <FormError>{error}</FormError>
      </form>
    </Modal>
  );
}

/** "Save as a bot" for a bot configured on the spot: the button, and its dialog while open. */
export function SaveAsBotButton({ bot, onSaved }: { bot: Backtest['bot']; onSaved: (note: SavedBotNote) => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {intl.formatMessage(messages.saveAsBot)}
      </Button>
      {open && (
        <SaveDialog
          bot={bot}
          onClose={() => setOpen(false)}
          onSaved={(note) => {
            setOpen(false);
            onSaved(note);
          }}
        />
      )}
    </>
  );
}
