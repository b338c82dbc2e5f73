import { useIntl } from 'react-intl';
import type { BacktestLeg, BacktestRiskStop, BacktestRoll, BacktestTrade } from '@/features/backtests/api/backtest-calls';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { sayServerText } from '@/i18n/say-server-text';
import { contractName } from '@/lib/format/contract-name';
import { useFormat } from '@/lib/format/use-format';

/**
 * A leg's contract as a trader says it ("NIFTY 11 Jul 24300 CE"): the exchange's tradingsymbol
 * (NIFTY2471124300CE) has no space to wrap at, so a narrow screen broke it mid-word. The index is the
 * symbol's leading letters (an index name has no digit).
 */
function legContract(leg: BacktestLeg, locale: Parameters<typeof contractName>[1]): string {
  const name = /^[A-Z]+/.exec(leg.tradingsymbol)?.[0];
  if (name === undefined) return leg.tradingsymbol;
  return contractName({ name, expiry: leg.expiry, strike: leg.strike, instrument_type: leg.option_type }, locale);
}

function Price({ value, modelled }: { value: number; modelled: boolean }) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  return (
    <span className="inline-flex flex-col items-end tabular-nums sm:inline">
      {formatInr(value)}
      {modelled && <span className="mt-0.5 block w-fit rounded bg-warn/15 px-1 text-xs text-fg sm:ms-1 sm:mt-0 sm:inline">{intl.formatMessage(messages.modelled)}</span>}
    </span>
  );
}

function LegRow({ leg }: { leg: BacktestLeg }) {
  const intl = useIntl();
  const { formatNumber, locale } = useFormat();
  return (
    <tr className="border-t border-line">
      <th scope="row" className="py-1 pe-2 text-start font-normal" title={leg.tradingsymbol}>
        {legContract(leg, locale)}
      </th>
      <td className="py-1 pe-2">{leg.side}</td>
      <td className="py-1 pe-2 text-end tabular-nums">{formatNumber(leg.quantity)}</td>
      <td className="py-1 pe-2 text-end"><Price value={leg.entry_price} modelled={leg.entry_modelled} /></td>
      <td className="py-1 pe-2 text-end"><Price value={leg.exit_price} modelled={leg.exit_modelled} /></td>
      <td className="py-1">{intl.formatMessage(messages.exitRules[leg.exit_rule])}</td>
    </tr>
  );
}

/** A future rolled to the next month inside the trade: the spread it traded at and what it cost the position. */
function RollLine({ roll, legs }: { roll: BacktestRoll; legs: readonly BacktestLeg[] }) {
  const intl = useIntl();
  const { formatDateTime, formatSignedInr, formatInr, locale } = useFormat();
  // Both months are legs of the trade, which name them with their expiry.
  const month = (tradingsymbol: string) => {
    const leg = legs.find((candidate) => candidate.tradingsymbol === tradingsymbol);
    return leg === undefined ? tradingsymbol : legContract(leg, locale);
  };
  return (
    <li className="text-xs text-fg-muted" data-testid="backtest-roll">
      {intl.formatMessage(messages.rollLine, {
        from: month(roll.from),
        to: month(roll.to),
        at: formatDateTime(roll.at),
        spread: formatSignedInr(roll.spread),
        paid: formatSignedInr(roll.spread_paid),
        charges: formatInr(roll.charges),
      })}
    </li>
  );
}

function Trade({ trade }: { trade: BacktestTrade }) {
  const intl = useIntl();
  const { formatDateTime, formatSignedInr, formatInr } = useFormat();
  return (
    <li className="flex flex-col gap-2 rounded-md border border-line bg-surface p-3" data-testid="backtest-trade">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">
          {intl.formatMessage(messages.tradeTitle, { number: trade.number, entered: formatDateTime(trade.entered_at), exited: formatDateTime(trade.exited_at) })}
          {/* Reports made before the product was recorded have none: nothing is guessed. */}
          {trade.product !== undefined && (
            <span className="ms-2 rounded border border-line px-1.5 py-0.5 text-xs font-normal text-fg-muted" data-testid="backtest-trade-product">
              {intl.formatMessage(messages.tradeProduct, { product: trade.product })}
            </span>
          )}
        </span>
        <span className={`font-semibold tabular-nums ${trade.net_pnl >= 0 ? 'text-profit' : 'text-loss'}`}>{formatSignedInr(trade.net_pnl)}</span>
      </div>
      <p className="text-sm text-fg-muted">
        {intl.formatMessage(messages.tradeFigures, {
          rule: intl.formatMessage(messages.exitRules[trade.exit_rule]),
          gross: formatSignedInr(trade.gross_pnl),
          charges: formatInr(trade.charges.total),
          net: formatSignedInr(trade.net_pnl),
        })}
      </p>
      {/* The exit's reason: coded where the server codes it (a risk limit), else the engine's English words. */}
      {trade.reason_i18n != null ? (
        <p className="text-xs text-fg-muted">{sayServerText(intl, trade.reason_i18n, trade.reason ?? trade.reason_i18n.code)}</p>
      ) : (
        trade.reason !== null && <p className="text-xs text-fg-muted">{trade.reason}</p>
      )}
      {trade.rolls !== undefined && trade.rolls.length > 0 && (
        <ul className="flex flex-col gap-0.5">
          {trade.rolls.map((roll) => (
            <RollLine key={roll.at + roll.from} roll={roll} legs={trade.legs} />
          ))}
        </ul>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-xs sm:text-sm">
          <thead>
            <tr className="text-start text-fg-muted">
              <th scope="col" className="pe-2 text-start font-medium">{intl.formatMessage(messages.leg)}</th>
              <th scope="col" className="pe-2 text-start font-medium">{intl.formatMessage(messages.side)}</th>
              <th scope="col" className="pe-2 text-end font-medium">{intl.formatMessage(messages.quantity)}</th>
              <th scope="col" className="pe-2 text-end font-medium">{intl.formatMessage(messages.entry)}</th>
              <th scope="col" className="pe-2 text-end font-medium">{intl.formatMessage(messages.exit)}</th>
              <th scope="col" className="text-start font-medium">{intl.formatMessage(messages.exitRuleColumn)}</th>
            </tr>
          </thead>
          <tbody>
            {trade.legs.map((leg) => (
              <LegRow key={`${leg.tradingsymbol}-${leg.side}`} leg={leg} />
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}

/** Every trade, oldest first, with its legs, prices (modelled ones marked), charges and the rule that closed it. */
export function TradesList({ trades, riskStops = [] }: { trades: readonly BacktestTrade[]; riskStops?: readonly BacktestRiskStop[] }) {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  const stops = riskStops.map((stop) => (
    <p key={stop.at} className="rounded-md border border-warn bg-warn/10 p-2 text-sm" data-testid="backtest-risk-stop">
      {intl.formatMessage(messages.riskStop, { at: formatDateTime(stop.at), reason: sayServerText(intl, stop.reason_i18n, stop.reason) })}
    </p>
  ));
  if (trades.length === 0) {
    return (
      <div className="flex flex-col gap-2">
        {stops}
        <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noTrades)}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {stops}
      <p className="text-sm text-fg-muted">{intl.formatMessage(messages.modelledNote)}</p>
      <ol className="flex flex-col gap-2">
        {trades.map((trade) => (
          <Trade key={trade.number} trade={trade} />
        ))}
      </ol>
    </div>
  );
}
