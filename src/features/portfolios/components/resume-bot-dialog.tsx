import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { botStateMessages as m, resumeText, resumeTitle, stoppedBecause } from '@/features/portfolios/bot-state-messages';
import { commonMessages } from '@/i18n/common-messages';

type ResumeBotDialogProps = {
  name: string;
  /** Why it stopped, as the server said (the kill switch, a risk limit, an error); null when not known. */
  reason: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Resuming a stopped bot says what it re-enables before it does (and why it had stopped). */
export function ResumeBotDialog({ name, reason, busy, onConfirm, onClose }: ResumeBotDialogProps) {
  const intl = useIntl();
  const handleClose = () => {
    if (!busy) onClose();
  };
  return (
    <Modal onClose={handleClose} title={intl.formatMessage(resumeTitle, { name })} description={intl.formatMessage(resumeText, { name })} role="alertdialog" compact>
      <div className="flex flex-col gap-4">
        {reason ? <p className="text-sm text-fg break-words">{intl.formatMessage(stoppedBecause, { reason })}</p> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={handleClose} disabled={busy} data-autofocus>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          <Button busy={busy} onClick={onConfirm}>
            {intl.formatMessage(m.resumeConfirm)}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
