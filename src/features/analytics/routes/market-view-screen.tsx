import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { sayServerText } from '@/i18n/say-server-text';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { ScrollBox } from '@/components/ui/scroll-box';
import { analyticsMessages as m } from '@/features/analytics/analytics-messages';
import { getCommentary, getDailyData, getMarketData, pageSizes, type Commentary, type DailyData, type MarketData } from '@/features/analytics/api/analytics-reads';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-status';
import { isSample, SampleBadge, SampleNote } from '@/features/analytics/components/sample-badge';
import { SentimentBadge } from '@/features/analytics/components/sentiment-badge';
import { useAnalyticsRead } from '@/features/analytics/hooks/use-analytics-read';
import { useIndexChoices } from '@/features/analytics/hooks/use-index-choices';
import { latestPerIndex } from '@/features/analytics/latest-per-index';
import { ChangeText } from '@/components/ui/change-text';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  title: { id: 'analytics.marketViewTitle', defaultMessage: 'Market view' },
  description: { id: 'analytics.marketViewDescription', defaultMessage: 'Index levels, market commentary and the data of the day.' },
  snapshots: { id: 'analytics.snapshots', defaultMessage: 'Index snapshots' },
  commentary: { id: 'analytics.commentary', defaultMessage: 'Commentary' },
  daily: { id: 'analytics.daily', defaultMessage: 'Daily data' },
  commentaryPage: { id: 'analytics.commentaryPage', defaultMessage: 'Commentary pages' },
  level: { id: 'analytics.col.levelPoints', defaultMessage: 'Level (points)' },
  maxPainPoints: { id: 'analytics.col.maxPainPoints', defaultMessage: 'Max pain (points)' },
  // India VIX is computed from NIFTY's options alone: the other indices have none (their ATM IV is theirs).
  indiaVix: { id: 'analytics.col.indiaVix', defaultMessage: 'India VIX (NIFTY)' },
});

const refresh = { snapshots: 5_000, commentary: 30_000, daily: 300_000 };

const cell = 'px-2 py-1.5';
const head = `${cell} font-medium`;

/**
 * Each index once, at its latest snapshot. Levels (the index, max pain, India VIX) are points with two
 * decimals, the ratio two decimals, the volatility a percentage with two: every row reads the same way.
 * India VIX is on NIFTY's row only (the server gives no other index one); each index has its own ATM IV.
 */
function SnapshotsTable({ rows }: { rows: MarketData[] }) {
  const intl = useIntl();
  const { formatNumber, formatPercent, formatTime } = useFormat();
  const order = useIndexChoices().map((choice) => choice.index);
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  const orNone = (value: number | null, format: (value: number) => string) => (value === null ? intl.formatMessage(m.notAvailable) : format(value));
  const points = (value: number) => formatNumber(value, two);
  if (rows.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(m.noRows)}</p>;
  return (
    <ScrollBox label={intl.formatMessage(messages.snapshots)} className="rounded-lg border border-line">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{intl.formatMessage(messages.snapshots)}</caption>
        <thead className="bg-surface-raised text-xs text-fg-muted">
          <tr className="border-b border-line">
            <th scope="col" className={`${head} text-start`}>{intl.formatMessage(m.time)}</th>
            <th scope="col" className={`${head} text-start`}>{intl.formatMessage(m.index)}</th>
            <th scope="col" className={`${head} text-end`}>{intl.formatMessage(messages.level)}</th>
            <th scope="col" className={`${head} text-end`}>{intl.formatMessage(m.change)}</th>
            <th scope="col" className={`${head} hidden text-end sm:table-cell`}>{intl.formatMessage(m.pcr)}</th>
            <th scope="col" className={`${head} hidden text-end md:table-cell`}>{intl.formatMessage(messages.maxPainPoints)}</th>
            <th scope="col" className={`${head} hidden text-end md:table-cell`}>{intl.formatMessage(m.iv)}</th>
            <th scope="col" className={`${head} hidden text-end lg:table-cell`}>{intl.formatMessage(messages.indiaVix)}</th>
          </tr>
        </thead>
        <tbody>
          {latestPerIndex(rows, order).map((row) => (
            <tr key={row.id} className="border-b border-line last:border-0">
              <td className={`${cell} whitespace-nowrap tabular-nums text-fg-muted`}>
                {formatTime(row.created_at)} {isSample(row) && <SampleBadge />}
              </td>
              <th scope="row" className={`${cell} text-start font-semibold`}>{row.index}</th>
              <td className={`${cell} text-end tabular-nums`}>{points(row.spot)}</td>
              <td className={`${cell} text-end`}><ChangeText change={row.change} percent={row.change_pct} /></td>
              <td className={`${cell} hidden text-end tabular-nums sm:table-cell`}>{orNone(row.pcr, (value) => formatNumber(value, two))}</td>
              <td className={`${cell} hidden text-end tabular-nums md:table-cell`}>{orNone(row.max_pain, points)}</td>
              <td className={`${cell} hidden text-end tabular-nums md:table-cell`}>{orNone(row.iv, (value) => formatPercent(value / 100, two))}</td>
              <td className={`${cell} hidden text-end tabular-nums lg:table-cell`}>{orNone(row.vix, points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** Commentary is the server's plain text: paragraphs split on blank lines, rendered as text, never HTML. */
function CommentaryFeed({ rows }: { rows: Commentary[] }) {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  if (rows.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(m.noRows)}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {rows.map((item) => (
        <li key={item.id}>
          <article className="rounded-lg border border-line bg-surface p-3" aria-labelledby={`commentary-${item.id}`}>
            <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
              <span className="font-semibold text-fg">{item.index ?? intl.formatMessage(m.marketWide)}</span>
              <SentimentBadge value={item.sentiment} />
              <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
              {isSample(item) && <SampleBadge />}
            </div>
            <h3 id={`commentary-${item.id}`} className="text-sm font-semibold text-fg">{sayServerText(intl, item.title_i18n, item.title)}</h3>
            {sayServerText(intl, item.body_i18n, item.body).split(/\n\s*\n/).map((paragraph, i) => (
              <p key={i} className="mt-1 whitespace-pre-line text-sm text-fg">{paragraph}</p>
            ))}
          </article>
        </li>
      ))}
    </ol>
  );
}

export function DailyTable({ rows, caption }: { rows: DailyData[]; caption: string }) {
  const intl = useIntl();
  const { formatNumber, formatDate, formatLakh } = useFormat();
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (rows.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(m.noRows)}</p>;
  return (
    <ScrollBox label={caption} className="rounded-lg border border-line">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-raised text-xs text-fg-muted">
          <tr className="border-b border-line">
            <th scope="col" className={`${head} text-start`}>{intl.formatMessage(m.date)}</th>
            <th scope="col" className={`${head} text-start`}>{intl.formatMessage(m.index)}</th>
            <th scope="col" className={`${head} hidden text-end sm:table-cell`}>{intl.formatMessage(m.open)}</th>
            <th scope="col" className={`${head} hidden text-end sm:table-cell`}>{intl.formatMessage(m.high)}</th>
            <th scope="col" className={`${head} hidden text-end sm:table-cell`}>{intl.formatMessage(m.low)}</th>
            <th scope="col" className={`${head} text-end`}>{intl.formatMessage(m.close)}</th>
            <th scope="col" className={`${head} text-end`}>{intl.formatMessage(m.change)}</th>
            <th scope="col" className={`${head} hidden text-end md:table-cell`}>{intl.formatMessage(m.volume)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-line last:border-0">
              <td className={`${cell} whitespace-nowrap tabular-nums`}>
                {formatDate(row.date)} {isSample(row) && <SampleBadge />}
              </td>
              <th scope="row" className={`${cell} text-start font-semibold`}>{row.index}</th>
              <td className={`${cell} hidden text-end tabular-nums sm:table-cell`}>{formatNumber(row.open, two)}</td>
              <td className={`${cell} hidden text-end tabular-nums sm:table-cell`}>{formatNumber(row.high, two)}</td>
              <td className={`${cell} hidden text-end tabular-nums sm:table-cell`}>{formatNumber(row.low, two)}</td>
              <td className={`${cell} text-end tabular-nums`}>{formatNumber(row.close, two)}</td>
              <td className={`${cell} text-end`}><ChangeText change={row.change} percent={row.change_pct} /></td>
              <td className={`${cell} hidden text-end tabular-nums md:table-cell`}>{formatLakh(row.volume)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-2">
      <h2 id={id} className="text-base font-semibold text-fg">{title}</h2>
      {children}
    </section>
  );
}

/** /app/market_view: the latest index snapshots, the commentary feed (100 a page) and the daily bars. */
export function MarketViewScreen() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const snapshots = useAnalyticsRead(getMarketData, 'snapshots', refresh.snapshots);
  const commentary = useAnalyticsRead(() => getCommentary(page), `commentary:${page}`, page === 1 ? refresh.commentary : undefined);
  const daily = useAnalyticsRead(() => getDailyData(), 'daily', refresh.daily);
  const total = commentary.answer?.total ?? null;
  const anySample = [snapshots, commentary, daily].some((read) => read.answer?.value.some(isSample) === true);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      {anySample && <SampleNote />}
      <Section title={intl.formatMessage(messages.snapshots)}>
        <AnalyticsPanel read={snapshots}>{(rows) => <SnapshotsTable rows={rows} />}</AnalyticsPanel>
      </Section>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Section title={intl.formatMessage(messages.commentary)}>
          <AnalyticsPanel read={commentary}>
            {(rows) => (
              <>
                <CommentaryFeed rows={rows} />
                {total !== null && total > pageSizes.commentary && (
                  <nav aria-label={intl.formatMessage(messages.commentaryPage)}>
                    <Pagination page={page} pageSize={pageSizes.commentary} total={total} onChange={(next) => setPage(next)} compact />
                  </nav>
                )}
              </>
            )}
          </AnalyticsPanel>
        </Section>
        <Section title={intl.formatMessage(messages.daily)}>
          <AnalyticsPanel read={daily}>{(rows) => <DailyTable rows={rows} caption={intl.formatMessage(messages.daily)} />}</AnalyticsPanel>
        </Section>
      </div>
    </div>
  );
}
