import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { BotProposal } from '@/features/portfolios/api/bot-approvals';
import { approvalMessages as m, decidedLine, legLine, placedOrders, priceThen, proposalStatus, proposalTitle, secondsLeft } from '@/features/portfolios/approvals/approval-messages';
import { sayServerText } from '@/i18n/say-server-text';
import { ServerText } from '@/i18n/server-text';
import { isolate } from '@/lib/format/isolate';
import { useFormat } from '@/lib/format/use-format';

const statusTone: Record<BotProposal['status'], string> = {
  pending: 'border-warn/40 text-warn',
  approved: 'border-profit/40 text-profit',
  rejected: 'border-line text-fg-muted',
  expired: 'border-line text-fg-muted',
  refused: 'border-loss/40 text-loss',
};

type ProposalCardProps = {
  proposal: BotProposal;
  /** Seconds until its deadline on the server's clock; null once it is not pending. */
  secondsToGo: number | null;
  /** The proposal a notification opened: marked and scrolled to. */
  current: boolean;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
};

/** One proposal: what it would place (legs and prices, margin, charges, max loss), its deadline, and its decision. */
export function ProposalCard({ proposal, secondsToGo, current, busy, onApprove, onReject }: ProposalCardProps) {
  const intl = useIntl();
  const f = useFormat();
  const titleId = useId();
  const pending = secondsToGo !== null && secondsToGo > 0;
  const money = (value: number | null) => (value === null ? intl.formatMessage(m.unknown) : f.formatInr(value));
  const maxLoss = proposal.max_loss_unlimited ? intl.formatMessage(m.unlimited) : money(proposal.max_loss);
  return (
    <article
      aria-labelledby={titleId}
      aria-current={current ? 'true' : undefined}
      data-proposal={proposal.id}
      className={`flex flex-col gap-3 rounded-lg border bg-surface p-4 ${current ? 'border-accent' : 'border-line'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold text-fg break-words">
          {intl.formatMessage(proposalTitle, { bot: isolate(proposal.bot_name), action: proposal.action })}
        </h3>
        <span className={`rounded border px-1.5 text-xs font-semibold ${statusTone[pending ? 'pending' : proposal.status === 'pending' ? 'expired' : proposal.status]}`}>
          {intl.formatMessage(proposalStatus, { status: pending ? 'pending' : proposal.status === 'pending' ? 'expired' : proposal.status })}
        </span>
      </div>
      <ul className="flex flex-col gap-1 text-sm" aria-label={intl.formatMessage(m.legs)}>
        {proposal.legs.map((leg) => (
          <li key={`${leg.exchange}:${leg.tradingsymbol}`} className="break-words">
            <span className={leg.side === 'BUY' ? 'text-profit' : 'text-loss'}>
              {intl.formatMessage(legLine, { side: leg.side, quantity: f.formatNumber(leg.quantity), symbol: isolate(leg.tradingsymbol), price: f.formatInr(leg.price) })}
            </span>
            {leg.price_then === null ? null : <span className="ms-1 text-fg-muted">{intl.formatMessage(priceThen, { price: f.formatInr(leg.price_then) })}</span>}
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-fg-muted">{intl.formatMessage(m.margin)}</dt>
          <dd className="font-medium text-fg">{money(proposal.margin)}</dd>
        </div>
        <div>
          <dt className="text-fg-muted">{intl.formatMessage(m.charges)}</dt>
          <dd className="font-medium text-fg">{money(proposal.charges)}</dd>
        </div>
        <div>
          <dt className="text-fg-muted">{intl.formatMessage(m.maxLoss)}</dt>
          <dd className="font-medium text-fg">{maxLoss}</dd>
        </div>
      </dl>
      {pending ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-line pt-3">
          <Button busy={busy} onClick={onApprove}>
            {intl.formatMessage(m.approve)}
          </Button>
          <Button variant="secondary" busy={busy} onClick={onReject}>
            {intl.formatMessage(m.reject)}
          </Button>
          <span role="timer" className="ms-auto text-sm text-fg-muted">
            {intl.formatMessage(secondsLeft, { seconds: secondsToGo })}
          </span>
        </div>
      ) : (
        <div className="flex flex-col gap-1 border-t border-line pt-3 text-sm">
          {proposal.message === null ? null : (
            <p className="text-fg break-words">
              <ServerText text={proposal.message_i18n} fallback={proposal.message} />
            </p>
          )}
          {proposal.decided_at === null ? null : (
            <p className="text-fg-muted break-words">
              {intl.formatMessage(decidedLine, { via: proposal.decided_via ?? 'engine', device: proposal.decided_device === null ? 'none' : isolate(sayServerText(intl, proposal.decided_device_text, proposal.decided_device)), time: f.formatDateTime(proposal.decided_at) })}
            </p>
          )}
          {proposal.order_ids.length === 0 ? null : (
            <p className="text-fg-muted break-words">
              {intl.formatMessage(placedOrders, { ids: proposal.order_ids.map((id) => isolate(id)).join(', ') })}
            </p>
          )}
        </div>
      )}
    </article>
  );
}
