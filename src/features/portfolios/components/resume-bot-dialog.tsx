import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { botStateMessages as m, resumeText, resumeTitle, stoppedBecause } from '@/features/portfolios/bot-state-messages';
import { LiveBotConfirmation } from '@/features/portfolios/components/live-bot-confirmation';
import { commonMessages } from '@/i18n/common-messages';

type ResumeBotDialogProps = {
  name: string;
  /** Why it stopped, as the server said (the kill switch, a risk limit, an error); null when not known. */
  reason: string | null;
  busy: boolean;
  /** The live account's number the trader must type (null: a paper bot, nothing to type). */
  liveAccount: string | null;
  onConfirm: (confirmation?: string) => void;
  onClose: () => void;
};

/**
 * Resuming a stopped bot says what it re-enables before it does (and why it had stopped); a live bot's asks
 * for the account number, typed, before it trades real money again.
 */
export function ResumeBotDialog({ name, reason, busy, liveAccount, onConfirm, onClose }: ResumeBotDialogProps) {
  const intl = useIntl();
  const [typed, setTyped] = useState('');
  const typedRight = liveAccount === null || typed.trim().toUpperCase() === liveAccount.toUpperCase();
  const handleClose = () => {
    if (!busy) onClose();
  };
  return (
    <Modal onClose={handleClose} title={intl.formatMessage(resumeTitle, { name })} description={intl.formatMessage(resumeText, { name })} role="alertdialog" compact>
      <div className="flex flex-col gap-4">
        {reason ? <p className="text-sm text-fg break-words">{intl.formatMessage(stoppedBecause, { reason })}</p> : null}
        {liveAccount === null ? null : <LiveBotConfirmation accountNumber={liveAccount} value={typed} onChange={setTyped} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={handleClose} disabled={busy} data-autofocus>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button busy={busy} disabled={!typedRight} onClick={() => onConfirm(liveAccount === null ? undefined : typed.trim())}>
            {intl.formatMessage(m.resumeConfirm)}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
