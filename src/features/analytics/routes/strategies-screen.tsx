import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Link } from 'react-router-dom';
import { sayServerText } from '@/i18n/say-server-text';
import { PageHeader } from '@/components/ui/page-header';
import { analyticsMessages as m } from '@/features/analytics/analytics-messages';
import { getStrategyBots, type StrategyBot } from '@/features/analytics/api/analytics-reads';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-status';
import { EquityCurve } from '@/features/analytics/components/equity-curve';
import { isSample, SampleBadge, SampleNote } from '@/features/analytics/components/sample-badge';
import { useAnalyticsRead } from '@/features/analytics/hooks/use-analytics-read';
import { strategyName } from '@/i18n/strategy-messages';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  title: { id: 'strategies.libraryTitle', defaultMessage: 'Strategies' },
  description: {
    id: 'strategies.libraryDescription',
    defaultMessage: 'The desk’s strategy bots and their track records. Pick one to run it as a bot in one of your portfolios.',
  },
  capital: { id: 'strategies.capital', defaultMessage: 'Capital required' },
  returns: { id: 'strategies.return', defaultMessage: 'Return' },
  pnl: { id: 'strategies.pnl', defaultMessage: 'P&L' },
  winRate: { id: 'strategies.winRate', defaultMessage: 'Winning days' },
  drawdown: { id: 'strategies.drawdown', defaultMessage: 'Max drawdown' },
  trades: { id: 'strategies.trades', defaultMessage: 'Trades' },
  use: { id: 'strategies.use', defaultMessage: 'Use this strategy' },
  paper: { id: 'strategies.paper', defaultMessage: 'Paper results, after charges. Past results do not promise future ones.' },
  sample: {
    id: 'strategies.sample',
    defaultMessage:
      'Sample records: each is a model applied to the simulated market’s daily bars, starting with a history this server made up when it was first set up. No order was placed; your own bots’ results are on the Portfolios and Backtests screens.',
  },
});

const byline = defineMessage<{ index: MessageValue; strategy: MessageValue; since: MessageValue }>({
  id: 'strategies.byline',
  defaultMessage: '{index} · {strategy} · since {since}',
});

/** The portfolio screen with a new bot's form open on this strategy (portfolio-screen.tsx reads the link). */
function botLink(bot: StrategyBot): string {
  const kind = bot.strategy === 'trend_option_buyer' ? 'trading' : 'daily';
  return `/app/portfolio?${new URLSearchParams({ strategy: bot.strategy, underlying: bot.underlying, name: bot.name, kind }).toString()}`;
}

function StrategyCard({ bot }: { bot: StrategyBot }) {
  const intl = useIntl();
  const { formatInr, formatSignedInr, formatPercent, formatNumber, formatDate } = useFormat();
  const pct = (value: number, signed = false) =>
    formatPercent(value / 100, { minimumFractionDigits: 1, maximumFractionDigits: 1, ...(signed ? { signDisplay: 'exceptZero' as const } : {}) });
  const facts: Array<[string, string, string?]> = [
    [intl.formatMessage(messages.returns), pct(bot.pnl_pct, true), bot.pnl_pct >= 0 ? 'text-profit' : 'text-loss'],
    [intl.formatMessage(messages.pnl), formatSignedInr(bot.pnl, { maximumFractionDigits: 0 }), bot.pnl >= 0 ? 'text-profit' : 'text-loss'],
    [intl.formatMessage(messages.winRate), pct(bot.win_rate)],
    [intl.formatMessage(messages.drawdown), pct(bot.max_drawdown_pct)],
    [intl.formatMessage(messages.capital), formatInr(bot.capital, { maximumFractionDigits: 0 })],
    [intl.formatMessage(messages.trades), formatNumber(bot.trades)],
  ];
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4" aria-labelledby={`strategy-${bot.id}`}>
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`strategy-${bot.id}`} className="text-base font-semibold text-fg">{sayServerText(intl, bot.name_i18n, bot.name)}</h2>
          {isSample(bot) && <SampleBadge />}
        </div>
        <p className="text-xs text-fg-muted">
          {intl.formatMessage(byline, { index: bot.underlying, strategy: strategyName({ slug: bot.strategy, name: bot.strategy, description: '' }, intl), since: formatDate(bot.since) })}
        </p>
      </div>
      <p className="text-sm text-fg">{sayServerText(intl, bot.description_i18n, bot.description)}</p>
      <EquityCurve bot={bot} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        {facts.map(([label, value, tone]) => (
          <div key={label}>
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd className={`tabular-nums ${tone ?? 'text-fg'}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <Link to={botLink(bot)} className="inline-flex min-h-11 items-center self-start rounded-md bg-brand px-4 font-medium text-brand-fg hover:opacity-90">
        {intl.formatMessage(messages.use)}
      </Link>
    </article>
  );
}

/** /app/strategies: the hosted strategy bots with their track record; "use this strategy" makes it a bot of yours. */
export function StrategiesScreen() {
  const intl = useIntl();
  const read = useAnalyticsRead(getStrategyBots, 'strategy-bots', 60_000);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <AnalyticsPanel read={read}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-sm text-fg-muted">{intl.formatMessage(m.noRows)}</p>
          ) : (
            <>
              {/* Paper results are claimed only for records that are some; sample ones say what they are. */}
              {rows.some(isSample) && <SampleNote text={intl.formatMessage(messages.sample)} />}
              {!rows.every(isSample) && <p className="text-xs text-fg-muted">{intl.formatMessage(messages.paper)}</p>}
              <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                {rows.map((bot) => (
                  <li key={bot.id}><StrategyCard bot={bot} /></li>
                ))}
              </ul>
            </>
          )
        }
      </AnalyticsPanel>
    </div>
  );
}
