import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ConfiguredBotEditor } from '@/app/backtests/configured-bot-editor';
import { replayBotMessages as m } from '@/app/replay/replay-bot-messages';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useBotChoice, type ChosenBot } from '@/features/backtests/hooks/use-bot-choice';
import { commonMessages } from '@/i18n/common-messages';
import { sayServerText } from '@/i18n/say-server-text';
import { isApiError } from '@/lib/api/api-error';
import { attachReplayBot, type Replay, type ReplayBot } from '@/lib/replay/replay-calls';

/**
 * Running a bot in the open replay: a saved bot on the replay's index, or one configured on the spot with the
 * Bots screen's own form, chosen as a backtest's is (the same chooser). The server attaches it at the
 * replayed minute and answers it; a refusal (one already runs, another index) is said in the dialog.
 */
export function ReplayBotDialog({ replay, onAttached, onClose }: { replay: Replay; onAttached: (bot: ReplayBot) => void; onClose: () => void }) {
  const intl = useIntl();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rollDays, setRollDays] = useState('1');

  const attach = async (bot: ChosenBot) => {
    setError(null);
    // The futures roll a backtest of the day would make (its default: a trading day before expiry).
    const futuresRollDays = Number(rollDays.trim());
    if (rollDays.trim() === '' || !Number.isInteger(futuresRollDays) || futuresRollDays < 0 || futuresRollDays > 10) return setError(intl.formatMessage(m.rollDaysInvalid));
    setBusy(true);
    try {
      onAttached(await attachReplayBot(replay.id, { ...bot, futures_roll_days: futuresRollDays }));
    } catch (failure) {
      setError(isApiError(failure) ? sayServerText(intl, failure.text, failure.message) : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const { chooser, savedField, choose } = useBotChoice({
    botEditor: ConfiguredBotEditor,
    underlying: replay.index,
    botRequiredText: intl.formatMessage(m.botRequired),
    onChosen: (bot) => void attach(bot),
    onError: setError,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) choose();
  };

  return (
    <Modal
      onClose={onClose}
      title={intl.formatMessage(m.dialogTitle)}
      description={intl.formatMessage(m.dialogDescription)}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {intl.formatMessage(m.start)}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4" data-replay-bot-dialog>
        {chooser}
        <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
          {savedField}
          <TextField
            label={intl.formatMessage(m.rollDays)}
            hint={intl.formatMessage(m.rollDaysHint)}
            inputMode="numeric"
            value={rollDays}
            onChange={(event) => setRollDays(event.target.value)}
          />
        </form>
        <FormError>{error}</FormError>
      </div>
    </Modal>
  );
}
