import LinkIcon from '@heroicons/react/24/outline/LinkIcon';
import WifiIcon from '@heroicons/react/24/outline/WifiIcon';
import { useEffect, useRef } from 'react';
import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { StaleNote } from '@/components/ui/stale-note';
import { AccountChooser } from '@/features/portfolios/components/account-chooser';
import { BotsSection } from '@/features/portfolios/components/bots-section';
import { LoadStatus } from '@/components/ui/load-status';
import { PortfolioSection } from '@/features/portfolios/components/portfolio-section';
import type { Portfolio } from '@/features/portfolios/api/portfolio-types';
import { useBrokerAccounts } from '@/features/portfolios/hooks/use-broker-accounts';
import { usePortfolioList } from '@/features/portfolios/hooks/use-portfolio-list';
import type { BotPreset } from '@/features/portfolios/model/bot-form-values';
import { portfolioMessages as m } from '@/features/portfolios/portfolio-messages';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { tradingModeOf } from '@/lib/trading/trading-mode';

const presetNote = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.presetNote',
  defaultMessage: 'Choose the portfolio that should run “{name}”: its bot form opens with that strategy, ready to check and create.',
});

const indexNames = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX'] as const;

/**
 * A bot to create, from a link (`?strategy=short_straddle&underlying=NIFTY&name=…&kind=daily`: a hosted
 * strategy's "Use this strategy"); anything the link gets wrong is simply not preset.
 */
function usePreset(): BotPreset | undefined {
  const [params] = useSearchParams();
  const strategySlug = params.get('strategy');
  if (strategySlug === null || !/^[a-z][a-z0-9_]*$/.test(strategySlug)) return undefined;
  const underlying = indexNames.find((name) => name === params.get('underlying'));
  return { strategySlug, underlying, name: params.get('name')?.slice(0, 100) ?? undefined, kind: params.get('kind') === 'trading' ? 'trading' : 'daily' };
}

/**
 * The portfolio a link names (`?portfolio=12`: a bot's alert or notification), chosen once the account's
 * portfolios are listed; a portfolio that is not among them is ignored.
 */
function useLinkedPortfolio(portfolios: ReturnType<typeof usePortfolioList>): void {
  const [params] = useSearchParams();
  const linkedId = Number(params.get('portfolio'));
  const linked = portfolios.portfolios.find((portfolio) => portfolio.id === linkedId);
  const { choose } = portfolios;
  // Once per link: the trader may pick another portfolio afterwards, and a reloaded list must not undo it.
  const appliedFor = useRef<number | null>(null);
  useEffect(() => {
    if (linked === undefined || appliedFor.current === linked.id) return;
    appliedFor.current = linked.id;
    choose(linked);
  }, [linked, choose]);
}

// Features cannot import the app's path constants, so the broker accounts screen is spelled out here.
const BROKER_ACCOUNTS_PATH = '/app/broker';

/**
 * /app/portfolio: choose a broker account, then one of its portfolios, then manage that portfolio's
 * trading bots and daily bots. Changes need the network (trading calls are never queued), so offline they
 * are disabled and the screen says why.
 */
export function PortfolioScreen() {
  const intl = useIntl();
  const online = useOnlineStatus();
  const accounts = useBrokerAccounts();
  const { account } = accounts;
  const portfolios = usePortfolioList(account?.id ?? null);
  const botsRef = useRef<HTMLElement>(null);
  const preset = usePreset();
  useLinkedPortfolio(portfolios);

  // On a phone the bots are a long way down: focusing their heading takes the trader (and a screen reader) there.
  const handleShowBots = (portfolio: Portfolio) => {
    portfolios.choose(portfolio);
    botsRef.current?.querySelector<HTMLElement>('h2')?.focus();
  };

  const content = () => {
    if (accounts.accounts.length === 0) {
      if (!accounts.loaded) {
        return (
          <LoadStatus
            loadingText={intl.formatMessage(m.accountsLoading)}
            failedText={intl.formatMessage(m.accountsFailed)}
            failed={accounts.error !== null && !accounts.loading}
            onRetry={() => void accounts.reload()}
          />
        );
      }
      return (
        <EmptyState
          icon={LinkIcon}
          title={intl.formatMessage(m.noAccountsTitle)}
          description={intl.formatMessage(m.noAccountsText)}
          action={
            <Link
              to={BROKER_ACCOUNTS_PATH}
              className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-medium text-brand-fg hover:opacity-90"
            >
              {intl.formatMessage(m.noAccountsAction)}
            </Link>
          }
        />
      );
    }
    return (
      <>
        <AccountChooser accounts={accounts.accounts} account={account} onChoose={accounts.choose} />
        {accounts.asOf !== null && <StaleNote asOf={accounts.asOf} />}
        {account ? <PortfolioSection account={account} list={portfolios} canChange={online} onShowBots={handleShowBots} /> : null}
        {account && portfolios.portfolio ? <BotsSection ref={botsRef} portfolio={portfolios.portfolio} mode={tradingModeOf(account)} accountNumber={account.account_number} canChange={online} preset={preset} /> : null}
      </>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(m.title)} description={intl.formatMessage(m.description)} />
      {online ? null : (
        <p role="status" className="flex items-start gap-2 rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg">
          <WifiIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warn" />
          {intl.formatMessage(m.offline)}
        </p>
      )}
      {preset !== undefined && (
        <p role="status" className="rounded-md border border-line bg-brand-soft px-3 py-2 text-sm text-fg">
          {intl.formatMessage(presetNote, { name: preset.name ?? preset.strategySlug })}
        </p>
      )}
      {content()}
    </div>
  );
}
