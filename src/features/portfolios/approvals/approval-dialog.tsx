import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { LoadStatus } from '@/components/ui/load-status';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { getBotApprovalSettings, updateBotApprovalSettings } from '@/features/portfolios/api/bot-approvals';
import { approvalMessages as m, approvalsTitle } from '@/features/portfolios/approvals/approval-messages';
import { useOperation } from '@/lib/api/use-operation';

type ApprovalDialogProps = {
  kind: 'trading' | 'daily';
  botId: number;
  name: string;
  canChange: boolean;
  onClose: () => void;
  /** Saved: the bot's card reads its state again, so it says at once whether the bot is approve-first. */
  onSaved?: () => void;
};

/** A bot's approve-first setting: on or off, the deadline and the price tolerance, and the way to its proposals. */
export function ApprovalDialog({ kind, botId, name, canChange, onClose, onSaved }: ApprovalDialogProps) {
  const intl = useIntl();
  const load = useOperation(getBotApprovalSettings);
  const save = useOperation(updateBotApprovalSettings);
  const [approveFirst, setApproveFirst] = useState(false);
  const [deadline, setDeadline] = useState('60');
  const [tolerance, setTolerance] = useState('2');
  const [saved, setSaved] = useState(false);
  const { run: read } = load;
  useEffect(() => {
    void read(kind, botId).then((settings) => {
      if (settings === undefined) return;
      setApproveFirst(settings.approve_first);
      setDeadline(String(settings.deadline_seconds));
      setTolerance(String(settings.price_tolerance_pct));
    });
  }, [read, kind, botId]);

  const deadlineSeconds = Number(deadline);
  const tolerancePct = Number(tolerance);
  const deadlineValid = Number.isInteger(deadlineSeconds) && deadlineSeconds >= 15 && deadlineSeconds <= 300;
  const toleranceValid = Number.isFinite(tolerancePct) && tolerancePct > 0 && tolerancePct <= 20;
  const submit = async () => {
    setSaved(false);
    const answer = await save.run(kind, botId, { approve_first: approveFirst, deadline_seconds: deadlineSeconds, price_tolerance_pct: Math.round(tolerancePct * 100) / 100 });
    if (answer === undefined) return;
    setSaved(true);
    onSaved?.();
  };

  return (
    <Modal onClose={onClose} title={intl.formatMessage(approvalsTitle, { name })} description={intl.formatMessage(m.description)}>
      {load.data === undefined ? (
        <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.loadFailed)} failed={load.error !== null && !load.loading} onRetry={() => void read(kind, botId)} />
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <CheckboxField name="approve_first" label={intl.formatMessage(m.approveFirst)} hint={intl.formatMessage(m.approveFirstHint)} checked={approveFirst} disabled={!canChange} onChange={setApproveFirst} />
          <TextField
            label={intl.formatMessage(m.deadline)}
            inputMode="numeric"
            value={deadline}
            disabled={!canChange}
            onChange={(event) => setDeadline(event.target.value)}
            error={deadlineValid ? undefined : '15–300'}
          />
          <TextField
            label={intl.formatMessage(m.tolerance)}
            hint={intl.formatMessage(m.toleranceHint)}
            inputMode="decimal"
            value={tolerance}
            disabled={!canChange}
            onChange={(event) => setTolerance(event.target.value)}
            error={toleranceValid ? undefined : '0.01–20'}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" busy={save.loading} disabled={!canChange || !deadlineValid || !toleranceValid}>
              {intl.formatMessage(m.save)}
            </Button>
            {saved ? <span role="status" className="text-sm text-profit">{intl.formatMessage(m.saved)}</span> : null}
            <Link to="/app/approvals" className="ms-auto text-sm font-medium text-accent underline">
              {intl.formatMessage(m.openList)}
            </Link>
          </div>
        </form>
      )}
    </Modal>
  );
}
