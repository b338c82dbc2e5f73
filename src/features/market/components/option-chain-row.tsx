import { memo, type RefObject } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ChainColumn } from '@/features/market/chain/chain-columns';
import { SideCells, type AlertContract, type PickContract } from '@/features/market/components/option-chain-cells';
import type { ChainRow } from '@/features/market/components/option-chain-table';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  atm: { id: 'market.chain.atm', defaultMessage: 'At the money' },
});
const oiLinkText = defineMessage<{ strike: MessageValue }>({ id: 'market.chain.oiLink', defaultMessage: 'Open interest of the {strike} strike over time' });

type LadderRowProps = {
  row: ChainRow;
  /** The row's place in the ladder (0 first), for the virtualizer and, when `virtual`, aria-rowindex. */
  index: number;
  isAtm: boolean;
  columns: readonly ChainColumn[];
  alerts: boolean;
  onPick: PickContract;
  onAlert: AlertContract;
  /** Only the rows in view are in the page: each row is measured, so the spacers stay true to those left out. */
  virtual: boolean;
  measure: (element: HTMLTableRowElement | null) => void;
  /** Set to the at-the-money row, which the ladder scrolls to the middle. */
  atmRow: RefObject<HTMLTableRowElement | null>;
  /** The chain's underlying and expiry: the strike links to its open interest over time (/app/open_interest). */
  underlying: string;
  expiry: string;
  /** Whether the OI charts keep this underlying's option OI (option-chain.tsx, `hasOiCharts`): else the strike is plain text. */
  oiLinks: boolean;
};

/**
 * One strike of the ladder. Memoised: its prices come from its own quote atoms (SideCells), so a tick of the
 * spot, which re-renders the ladder to move the spot's line, or a scroll step re-renders none of the rows
 * already on screen (issue 37: every row re-rendered on each, with every strike in the page).
 */
export const LadderRow = memo(function LadderRow({ row, index, isAtm, columns, alerts, onPick, onAlert, virtual, measure, atmRow, underlying, expiry, oiLinks }: LadderRowProps) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  return (
    <tr
      ref={(element) => {
        if (isAtm) atmRow.current = element;
        if (virtual && element !== null) measure(element);
      }}
      data-index={index}
      aria-current={isAtm ? 'true' : undefined}
      aria-rowindex={virtual ? index + 3 : undefined}
      className={`border-b border-line/60 ${isAtm ? 'bg-brand-soft' : ''}`}
    >
      <SideCells instrument={row.ce} side="CE" columns={columns} alerts={alerts} onPick={onPick} onAlert={onAlert} />
      <th scope="row" className="px-1 py-1 text-center font-semibold tabular-nums text-fg sm:px-2 sm:py-0.5">
        {oiLinks ? (
          <Link
            to={`/app/open_interest?${new URLSearchParams({ index: underlying, expiry, strikes: String(row.strike) }).toString()}`}
            title={intl.formatMessage(oiLinkText, { strike: formatNumber(row.strike) })}
            className="underline decoration-dotted decoration-fg-muted underline-offset-4 hover:text-brand"
            data-testid="chain-oi-link"
          >
            {formatNumber(row.strike)}
          </Link>
        ) : (
          formatNumber(row.strike)
        )}
        {isAtm && <span className="sr-only">{intl.formatMessage(messages.atm)}</span>}
      </th>
      <SideCells instrument={row.pe} side="PE" columns={columns} alerts={alerts} onPick={onPick} onAlert={onAlert} />
    </tr>
  );
});
