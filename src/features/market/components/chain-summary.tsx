import { atom, useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { atmStraddle, maxPain, putCallRatio, type StrikeFigures } from '@/features/market/chain/chain-figures';
import { missing } from '@/features/market/components/option-chain-cells';
import type { ChainRow } from '@/features/market/components/option-chain-table';
import { liveFeed } from '@/features/market/feed/live-feed';
import { premiumChartPath, straddleLegs } from '@/lib/charts/premium-link';
import { useFormat } from '@/lib/format/use-format';
import { store } from '@/lib/store';

const messages = defineMessages({
  label: { id: 'market.chain.summary', defaultMessage: 'Chain figures' },
  pcr: { id: 'market.chain.pcr', defaultMessage: 'PCR' },
  pcrHint: { id: 'market.chain.pcrHint', defaultMessage: 'Put-call ratio: put open interest over call open interest.' },
  maxPain: { id: 'market.chain.maxPain', defaultMessage: 'Max pain' },
  maxPainHint: { id: 'market.chain.maxPainHint', defaultMessage: 'The expiry level at which the option buyers would be paid least.' },
  straddle: { id: 'market.chain.straddle', defaultMessage: 'ATM straddle' },
  straddleHint: { id: 'market.chain.straddleHint', defaultMessage: 'The at-the-money call and put together, per unit.' },
  straddleChart: { id: 'market.chain.straddleChart', defaultMessage: 'Straddle chart' },
  straddleChartHint: { id: 'market.chain.straddleChartHint', defaultMessage: 'The ATM straddle’s premium as candles, with VWAP and your entries' },
});
const overText = defineMessage<{ count: MessageValue }>({
  id: 'market.chain.summaryOver',
  defaultMessage: 'Over the {count, plural, one {# strike} other {# strikes}} shown',
});

/**
 * The chain's header figures (chain-figures.ts) over the strikes shown, read from the same live quotes as the
 * rows: a dash until every figure they need has arrived. Max pain is an index level (points, not rupees).
 */
export function ChainSummary({ rows, atm, index, expiry }: { rows: readonly ChainRow[]; atm: number | null; index: string; expiry: string }) {
  const intl = useIntl();
  const { formatNumber, formatInr } = useFormat();
  const feed = liveFeed();
  const figuresAtom = useMemo(
    () =>
      atom((get): StrikeFigures[] =>
        rows.map((row) => {
          const call = row.ce === undefined ? null : get(feed.atomFor(row.ce.instrument));
          const put = row.pe === undefined ? null : get(feed.atomFor(row.pe.instrument));
          return { strike: row.strike, callOi: call?.oi ?? null, putOi: put?.oi ?? null, callLtp: call?.last_price ?? null, putLtp: put?.last_price ?? null };
        }),
      ),
    [rows, feed],
  );
  const figures = useAtomValue(figuresAtom, { store });
  const pcr = putCallRatio(figures);
  const pain = maxPain(figures);
  const straddle = atmStraddle(figures, atm);
  const items = [
    { term: messages.pcr, hint: messages.pcrHint, value: pcr === null ? missing : formatNumber(pcr, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), id: 'pcr' },
    { term: messages.maxPain, hint: messages.maxPainHint, value: pain === null ? missing : formatNumber(pain), id: 'max-pain' },
    { term: messages.straddle, hint: messages.straddleHint, value: straddle === null ? missing : formatInr(straddle), id: 'straddle' },
  ];
  return (
    <div className="flex flex-wrap items-baseline gap-x-5 gap-y-1 text-sm">
      <dl aria-label={intl.formatMessage(messages.label)} className="flex flex-wrap items-baseline gap-x-5 gap-y-1">
        {items.map((item) => (
          <div key={item.id} className="flex items-baseline gap-1.5" title={intl.formatMessage(item.hint)} data-figure={item.id}>
            <dt className="text-fg-muted">{intl.formatMessage(item.term)}</dt>
            <dd className="font-semibold tabular-nums text-fg">{item.value}</dd>
          </div>
        ))}
      </dl>
      {atm !== null && (
        // One tap to the ATM straddle's premium chart (the strategy premium screen edits it into any two strikes).
        // A 44 px touch target whose negative margins keep the figures' line as tall as before: the ladder below
        // keeps its rows at 1280×800 (option-chain.spec).
        <Link
          to={premiumChartPath(straddleLegs(index, expiry, atm))}
          title={intl.formatMessage(messages.straddleChartHint)}
          data-testid="chain-straddle-chart"
          className="-my-3 inline-flex min-h-11 items-center text-sm font-medium text-brand underline"
        >
          {intl.formatMessage(messages.straddleChart)}
        </Link>
      )}
      <p className="text-xs text-fg-muted">{intl.formatMessage(overText, { count: rows.length })}</p>
    </div>
  );
}
