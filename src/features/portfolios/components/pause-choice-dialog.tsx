import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { PauseAction } from '@/features/portfolios/api/bot-engine-types';
import { botStateMessages as m, pauseText } from '@/features/portfolios/bot-state-messages';
import { commonMessages } from '@/i18n/common-messages';

type PauseChoiceDialogProps = {
  name: string;
  /** The pause is on its way: both choices wait, and the dialog stays to show the outcome. */
  busy: boolean;
  onChoose: (action: PauseAction) => void;
  onClose: () => void;
};

/**
 * Pausing a bot that holds a position: keep managing it until exit (focused first, the choice that sends
 * no order) or exit now. Each choice says what it does; Escape or Cancel leaves the bot running.
 */
export function PauseChoiceDialog({ name, busy, onChoose, onClose }: PauseChoiceDialogProps) {
  const intl = useIntl();
  const keepId = useId();
  const exitId = useId();
  const handleClose = () => {
    if (!busy) onClose();
  };
  return (
    <Modal onClose={handleClose} title={intl.formatMessage(m.pauseTitle)} description={intl.formatMessage(pauseText, { name })} role="alertdialog" compact>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <Button data-autofocus disabled={busy} onClick={() => onChoose('keep_managing')} aria-describedby={keepId} className="text-start">
            {intl.formatMessage(m.keepManaging)}
          </Button>
          <p id={keepId} className="text-sm text-fg-muted">
            {intl.formatMessage(m.keepManagingText)}
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <Button variant="danger" disabled={busy} onClick={() => onChoose('exit_now')} aria-describedby={exitId}>
            {intl.formatMessage(m.exitNow)}
          </Button>
          <p id={exitId} className="text-sm text-fg-muted">
            {intl.formatMessage(m.exitNowText)}
          </p>
        </div>
        <Button variant="secondary" onClick={handleClose} disabled={busy} className="self-end">
          {intl.formatMessage(commonMessages.cancel)}
        </Button>
      </div>
    </Modal>
  );
}
