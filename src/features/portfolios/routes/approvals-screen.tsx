import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { approveBotProposal, getBotProposals, rejectBotProposal } from '@/features/portfolios/api/bot-approvals';
import { approvalMessages as m } from '@/features/portfolios/approvals/approval-messages';
import { ProposalCard } from '@/features/portfolios/approvals/proposal-card';
import { useOperation } from '@/lib/api/use-operation';

/** How often the list is read while a proposal waits (its deadline is a minute: a new one shows within seconds). */
const refreshMs = 2000;

/**
 * The proposals of the trader's approve-first bots (issue 41): those waiting, with Approve and Reject and the
 * seconds left on the server's clock, then the decided ones with who decided, how, from which device and the
 * prices then. A notification opens it on its proposal (?proposal=<id>).
 */
export function ApprovalsScreen() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const current = Number(search.get('proposal') ?? '0');
  const load = useOperation(getBotProposals);
  const approve = useOperation(approveBotProposal);
  const reject = useOperation(rejectBotProposal);
  // The server's clock minus this device's, so a phone whose clock is off still counts the right seconds.
  const [skewMs, setSkewMs] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const { run: reload } = load;
  const refresh = useCallback(async () => {
    const answer = await reload();
    if (answer !== undefined) setSkewMs(Date.parse(answer.server_time) - Date.now());
  }, [reload]);

  useEffect(() => {
    // The first read right away, the next ones on the timer (never a state change inside the effect itself).
    const first = window.setTimeout(() => void refresh(), 0);
    const timer = window.setInterval(() => {
      setNow(Date.now());
      void refresh();
    }, refreshMs);
    const second = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
      window.clearInterval(second);
    };
  }, [refresh]);

  useEffect(() => {
    if (current > 0 && load.data !== undefined) document.querySelector(`[data-proposal="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current, load.data]);

  const decide = async (decision: typeof approve | typeof reject, id: number) => {
    await decision.run(id);
    await refresh();
  };

  const proposals = load.data?.proposals ?? [];
  const secondsOf = (expiresAt: string, status: string) => (status === 'pending' ? Math.max(0, Math.ceil((Date.parse(expiresAt) - (now + skewMs)) / 1000)) : null);
  const waiting = proposals.filter((proposal) => (secondsOf(proposal.expires_at, proposal.status) ?? 0) > 0);
  const decided = proposals.filter((proposal) => !waiting.includes(proposal));
  const busy = approve.loading || reject.loading;
  const list = (items: typeof proposals) => (
    <ul className="grid gap-3 lg:grid-cols-2">
      {items.map((proposal) => (
        <li key={proposal.id}>
          <ProposalCard
            proposal={proposal}
            secondsToGo={secondsOf(proposal.expires_at, proposal.status)}
            current={proposal.id === current}
            busy={busy}
            onApprove={() => void decide(approve, proposal.id)}
            onReject={() => void decide(reject, proposal.id)}
          />
        </li>
      ))}
    </ul>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(m.title)} description={intl.formatMessage(m.intro)} />
      {load.data === undefined ? (
        <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.loadFailed)} failed={load.error !== null && !load.loading} onRetry={() => void refresh()} />
      ) : proposals.length === 0 ? (
        <p className="text-sm text-fg-muted">{intl.formatMessage(m.empty)}</p>
      ) : (
        <>
          {waiting.length === 0 ? null : (
            <section className="flex flex-col gap-3" aria-label={intl.formatMessage(m.pending)}>
              <h2 className="text-base font-semibold text-fg">{intl.formatMessage(m.pending)}</h2>
              {list(waiting)}
            </section>
          )}
          {decided.length === 0 ? null : (
            <section className="flex flex-col gap-3" aria-label={intl.formatMessage(m.history)}>
              <h2 className="text-base font-semibold text-fg">{intl.formatMessage(m.history)}</h2>
              {list(decided)}
            </section>
          )}
        </>
      )}
    </div>
  );
}
