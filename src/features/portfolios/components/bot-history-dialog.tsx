import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { LoadStatus } from '@/components/ui/load-status';
import { Modal } from '@/components/ui/modal';
import { getBotRuns } from '@/features/portfolios/api/get-bot-runs';
import { botStateMessages as m, historyTitle } from '@/features/portfolios/bot-state-messages';
import { BotRunItem } from '@/features/portfolios/components/bot-run-item';
import type { BotKind } from '@/features/portfolios/model/bot-kind';
import { useOperation } from '@/lib/api/use-operation';

type BotHistoryDialogProps = { kind: BotKind; botId: number; name: string; onClose: () => void };

/** A bot's runs, one per trading day, newest first: full screen on a phone, a panel from 576 px. */
export function BotHistoryDialog({ kind, botId, name, onClose }: BotHistoryDialogProps) {
  const intl = useIntl();
  const { run, data, loading, error } = useOperation(getBotRuns);
  useEffect(() => {
    void run(kind, botId);
  }, [run, kind, botId]);

  const body = () => {
    if (data === undefined) {
      return (
        <LoadStatus
          loadingText={intl.formatMessage(m.historyLoading)}
          failedText={intl.formatMessage(m.historyFailed)}
          failed={error !== null && !loading}
          onRetry={() => void run(kind, botId)}
        />
      );
    }
    if (data.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(m.historyEmpty)}</p>;
    return (
      <ol className="flex flex-col gap-3">
        {data.map((item) => (
          <li key={item.trading_day}>
            <BotRunItem run={item} />
          </li>
        ))}
      </ol>
    );
  };

  return (
    <Modal onClose={onClose} title={intl.formatMessage(historyTitle, { name })} description={intl.formatMessage(m.historyDescription)}>
      {body()}
    </Modal>
  );
}
