import CpuChipIcon from '@heroicons/react/24/outline/CpuChipIcon';
import UserIcon from '@heroicons/react/24/outline/UserIcon';
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { BotPositionGroup, Position } from '@/features/positions/api/position-calls';
import { pnlTone } from '@/features/positions/components/pnl-tone';
import { PositionsTable } from '@/features/positions/components/positions-table';
import { NotLiveTotal } from '@/features/positions/components/price-not-live';
import { markPositions, totalsOf, type LivePrice } from '@/features/positions/model/position-marks';
import { groupMessages as m, botKindMessage } from '@/features/positions/group-messages';
import { useFormat } from '@/lib/format/use-format';

type PositionGroupsProps = {
  groups: readonly BotPositionGroup[];
  live: ReadonlyMap<string, LivePrice>;
  phone: boolean;
  renderActions?: (position: Position) => ReactNode;
};

const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

function GroupSection({ group, live, phone, renderActions }: { group: BotPositionGroup } & Omit<PositionGroupsProps, 'groups'>) {
  const intl = useIntl();
  const { formatSignedInr } = useFormat();
  const headingId = useId();
  const Icon = group.bot === null ? UserIcon : CpuChipIcon;
  // Marked as the screen's summary marks them, so the header, the rows and the summary agree to the paisa.
  const rows = markPositions(group.positions, live);
  const { net, notLive } = totalsOf(rows);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-group={group.bot === null ? 'own' : `${group.bot.kind}/${group.bot.id}`}>
      <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border border-line bg-surface-raised px-3 py-2">
        <div className="flex min-w-0 items-center gap-2">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
          <h3 id={headingId} className="min-w-0 font-semibold text-fg break-words">
            {group.bot === null ? intl.formatMessage(m.ownOrders) : group.bot.name}
          </h3>
          {group.bot !== null && (
            <span className="shrink-0 rounded bg-surface-muted px-2 py-0.5 text-xs text-fg-muted">{intl.formatMessage(botKindMessage, { kind: group.bot.kind })}</span>
          )}
        </div>
        <div className="flex flex-col items-end gap-1">
          <p className="flex items-baseline gap-1 text-sm">
            <span className="text-fg-muted">{intl.formatMessage(m.groupPnl)}</span>
            <span className={`font-semibold tabular-nums ${pnlTone(net)}`} data-field="group-pnl">
              {formatSignedInr(net, two)}
            </span>
          </p>
          <NotLiveTotal count={notLive} />
        </div>
      </header>
      <PositionsTable rows={rows} phone={phone} renderActions={renderActions} />
    </section>
  );
}

/**
 * A portfolio's positions grouped by the bot whose orders made them, each group under its own header
 * (the bot's name, its kind and the group's net P&L) with the usual table and actions; the trader's own
 * orders (desk, baskets, square-offs) form the group without a bot.
 */
export function PositionGroups({ groups, live, phone, renderActions }: PositionGroupsProps) {
  const intl = useIntl();
  if (groups.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(m.none)}</p>;
  return (
    <div className="flex flex-col gap-5">
      {groups.map((group) => (
        <GroupSection key={group.bot === null ? 'own' : `${group.bot.kind}/${group.bot.id}`} group={group} live={live} phone={phone} renderActions={renderActions} />
      ))}
    </div>
  );
}
