import type { ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Link } from 'react-router-dom';
import { analyticsMessages as am } from '@/features/analytics/analytics-messages';
import type { Recommendation } from '@/features/analytics/api/analytics-reads';
import { SentimentBadge } from '@/features/analytics/components/sentiment-badge';
import { sayServerText } from '@/i18n/say-server-text';
import { strategyName } from '@/i18n/strategy-messages';
import { formatProseDates } from '@/lib/format/prose-dates';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  maxProfit: { id: 'analytics.rec.maxProfit', defaultMessage: 'Max profit' },
  maxLoss: { id: 'analytics.rec.maxLoss', defaultMessage: 'Max loss' },
  unlimited: { id: 'analytics.rec.unlimited', defaultMessage: 'Unlimited' },
  breakevens: { id: 'analytics.rec.breakevens', defaultMessage: 'Breakevens' },
  validUntil: { id: 'analytics.rec.validUntil', defaultMessage: 'Valid until' },
  legs: { id: 'analytics.rec.legs', defaultMessage: 'Legs (hedges first)' },
  buy: { id: 'analytics.rec.buy', defaultMessage: 'Buy' },
  sell: { id: 'analytics.rec.sell', defaultMessage: 'Sell' },
  market: { id: 'analytics.rec.market', defaultMessage: 'at market' },
  tradeThis: { id: 'analytics.rec.tradeThis', defaultMessage: 'Trade this' },
  tradeLeg: { id: 'analytics.rec.tradeLeg', defaultMessage: 'Trade this leg' },
});

const legText = defineMessage<{ side: MessageValue; lots: MessageValue; symbol: MessageValue; price: MessageValue }>({
  id: 'analytics.rec.leg',
  defaultMessage: '{side} {lots, plural, one {# lot} other {# lots}} {symbol} {price}',
});

/** The live-trade desk with the ticket open on this leg (live-trade-screen.tsx reads these). */
export function tradeLink(leg: Recommendation['legs'][number]): string {
  const query = new URLSearchParams({ symbol: leg.tradingsymbol, exchange: leg.exchange, side: leg.transaction_type, lots: String(leg.lots) });
  return `/app/dashboards/live-trade?${query.toString()}`;
}

/** Hedges (buys) before sells, as a basket is sent: never a naked short in between. */
const hedgesFirst = (legs: Recommendation['legs']) => [...legs].sort((a, b) => (a.transaction_type === b.transaction_type ? 0 : a.transaction_type === 'BUY' ? -1 : 1));

/**
 * `actions`: what the screen offers beside trading one leg (open in the builder, trade as a basket).
 * `level`: the title's heading level, one under the heading the card sits under (the screen's h1 on
 * Recommendations, a section's h2 on the screener), so the outline never skips a level.
 */
export function RecommendationCard({ item, compact = false, actions, level = 3 }: { item: Recommendation; compact?: boolean; actions?: ReactNode; level?: 2 | 3 }) {
  const intl = useIntl();
  const { formatInr, formatNumber, formatDateTime, locale } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const amount = (value: number | null) => (value === null ? intl.formatMessage(messages.unlimited) : formatInr(value, { maximumFractionDigits: 0 }));
  const legs = hedgesFirst(item.legs);
  const Title = level === 2 ? 'h2' : 'h3';
  const Subtitle = level === 2 ? 'h3' : 'h4';
  return (
    <article className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4" aria-labelledby={`rec-${item.id}`}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
        <span className="font-semibold text-fg">{item.index}</span>
        <SentimentBadge value={item.view} />
        <span>{strategyName({ slug: item.strategy, name: item.strategy, description: '' }, intl)}</span>
      </div>
      <Title id={`rec-${item.id}`} className="text-sm font-semibold text-fg">{sayServerText(intl, item.title_i18n, item.title)}</Title>
      {!compact && (
        <p className="whitespace-pre-line text-sm text-fg">
          {/* Coded: said in the interface language with its dates formatted; plain text: its ISO dates formatted. */}
          {item.rationale_i18n ? sayServerText(intl, item.rationale_i18n, item.rationale) : formatProseDates(item.rationale, locale)}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div><dt className="text-xs text-fg-muted">{intl.formatMessage(messages.maxProfit)}</dt><dd className="tabular-nums text-profit">{amount(item.max_profit)}</dd></div>
        <div><dt className="text-xs text-fg-muted">{intl.formatMessage(messages.maxLoss)}</dt><dd className="tabular-nums text-loss">{amount(item.max_loss)}</dd></div>
        <div>
          <dt className="text-xs text-fg-muted">{intl.formatMessage(messages.breakevens)}</dt>
          <dd className="tabular-nums">{item.breakevens.length === 0 ? intl.formatMessage(am.notAvailable) : item.breakevens.map((b) => formatNumber(b, { maximumFractionDigits: 2 })).join(' · ')}</dd>
        </div>
        {item.valid_until !== null && (
          <div><dt className="text-xs text-fg-muted">{intl.formatMessage(messages.validUntil)}</dt><dd className="tabular-nums">{formatDateTime(item.valid_until)}</dd></div>
        )}
      </dl>
      {!compact && (
        <div>
          <Subtitle className="text-xs font-medium text-fg-muted">{intl.formatMessage(messages.legs)}</Subtitle>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {legs.map((leg, i) => (
              <li key={`${leg.tradingsymbol}-${i}`} className="flex flex-wrap items-center justify-between gap-2">
                <span className={leg.transaction_type === 'BUY' ? 'text-profit' : 'text-loss'}>
                  {intl.formatMessage(legText, {
                    side: intl.formatMessage(leg.transaction_type === 'BUY' ? messages.buy : messages.sell),
                    lots: leg.lots,
                    symbol: leg.tradingsymbol,
                    price: leg.price === null ? intl.formatMessage(messages.market) : `@ ${formatNumber(leg.price, two)}`,
                  })}
                </span>
                {legs.length > 1 && (
                  <Link className="text-xs font-medium text-brand underline-offset-2 hover:underline" to={tradeLink(leg)}>
                    {intl.formatMessage(messages.tradeLeg)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {actions !== undefined && legs.length > 1 && <div className="flex flex-wrap gap-2">{actions}</div>}
      {legs.length === 1 && legs[0] !== undefined && (
        <Link className="inline-flex min-h-11 items-center self-start rounded-md bg-brand px-4 font-medium text-brand-fg hover:opacity-90" to={tradeLink(legs[0])}>
          {intl.formatMessage(messages.tradeThis)}
        </Link>
      )}
    </article>
  );
}
