import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useId, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { cx } from '@/components/ui/class-names';
import type { Portfolio } from '@/features/portfolios/api/portfolio-types';
import { botMessages as m, sectionTitle, tabLabel } from '@/features/portfolios/bot-messages';
import { BotPanel } from '@/features/portfolios/components/bot-panel';
import { TradingModeNote } from '@/features/portfolios/components/trading-mode-note';
import { useBaseStrategies } from '@/features/portfolios/hooks/use-base-strategies';
import { useBotList } from '@/features/portfolios/hooks/use-bot-list';
import { useBotStates } from '@/features/portfolios/hooks/use-bot-states';
import { StaleNote } from '@/components/ui/stale-note';
import type { BotPreset } from '@/features/portfolios/model/bot-form-values';
import { dailyBotApi, tradingBotApi } from '@/features/portfolios/model/bot-kind-api';
import type { TradingMode } from '@/lib/trading/trading-mode';

const tabClass = cx(
  'min-h-11 rounded-md px-3 text-sm font-medium text-fg-muted hover:bg-surface-muted',
  'data-selected:bg-brand-soft data-selected:text-fg',
);

type BotsSectionProps = { portfolio: Portfolio; mode: TradingMode; accountNumber: string; canChange: boolean; ref?: Ref<HTMLElement>; preset?: BotPreset };

/** The chosen portfolio's bots, one tab per kind; both lists are read at once so each tab shows its count. */
export function BotsSection({ portfolio, mode, accountNumber, canChange, ref, preset }: BotsSectionProps) {
  const intl = useIntl();
  const headingId = useId();
  const catalogue = useBaseStrategies();
  const trading = useBotList(tradingBotApi, portfolio.id);
  const daily = useBotList(dailyBotApi, portfolio.id);
  const states = useBotStates(portfolio.id);
  const common = { portfolio, mode, accountNumber, catalogue, canChange, stateOf: states.stateOf, statesReading: states.reading, readStates: states.reload };
  // One note for the section: the oldest of what shows as last known (the lists, today's states).
  const times = [trading.asOf, daily.asOf, states.staleSince].filter((time) => time !== null);
  const stale = times.length === 0 ? null : Math.min(...times);
  // The count shows once known: "(0)" while loading would say something false.
  const label = (kind: 'trading' | 'daily', list: { loaded: boolean; bots: readonly unknown[] }) =>
    list.loaded
      ? intl.formatMessage(tabLabel, { kind, count: list.bots.length })
      : intl.formatMessage(kind === 'daily' ? m.dailyTab : m.tradingTab);

  return (
    <section ref={ref} aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold text-fg break-words">
        {intl.formatMessage(sectionTitle, { portfolio: portfolio.name })}
      </h2>
      <TradingModeNote mode={mode} />
      {stale !== null && <StaleNote asOf={stale} />}
      <TabGroup className="flex flex-col gap-4" defaultIndex={preset?.kind === 'daily' ? 1 : 0}>
        <TabList aria-label={intl.formatMessage(m.tabsLabel)} className="flex flex-wrap gap-2 border-b border-line pb-2">
          <Tab className={tabClass}>{label('trading', trading)}</Tab>
          <Tab className={tabClass}>{label('daily', daily)}</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <BotPanel api={tradingBotApi} list={trading} {...common} preset={preset?.kind === 'trading' ? preset : undefined} />
          </TabPanel>
          <TabPanel>
            <BotPanel api={dailyBotApi} list={daily} {...common} preset={preset?.kind === 'daily' ? preset : undefined} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </section>
  );
}
