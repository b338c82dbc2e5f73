import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { priceSourceMessages } from '@/components/trading/price-source-messages';
import { PriceSourceNote } from '@/components/trading/price-source-note';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import { useChooseMarket } from '@/features/brokers/hooks/use-choose-market';
import { isolate } from '@/lib/format/isolate';
import { feedBrokerName, priceSourceOf } from '@/lib/trading/price-source';
import { tradingModeOf } from '@/lib/trading/trading-mode';

const messages = defineMessages({
  label: { id: 'brokers.market.label', defaultMessage: 'Prices from' },
});

const feedOption = defineMessage<{ broker: MessageValue; account: MessageValue; name: MessageValue }>({
  id: 'brokers.market.feedOption',
  defaultMessage: '{broker} · {account} ({name}), live prices',
});

const loggedOutOption = defineMessage<{ broker: MessageValue; account: MessageValue; name: MessageValue }>({
  id: 'brokers.market.loggedOutOption',
  defaultMessage: '{broker} · {account} ({name}), logged out',
});

/**
 * A paper account's market (issue 38): the simulated market, or the feed of one of the trader's logged-in
 * live accounts (the one chosen stays listed, marked, once it logs out). The server refuses a change while
 * orders work; the refusal is shown under the list. A feed whose account logged out offers the simulator back.
 */
export function MarketChoice({ account, accounts, offline }: { account: BrokerAccount; accounts: readonly BrokerAccount[]; offline: boolean }) {
  const intl = useIntl();
  const { choose, loading, error } = useChooseMarket(account);
  const chosen = account.market_account_id ?? null;
  const feeds = accounts.filter((candidate) => tradingModeOf(candidate) === 'live' && (candidate.is_logged_in || candidate.id === chosen));
  const source = priceSourceOf(account, accounts);

  return (
    // On a phone the column keeps room beside the row's actions button for the name (account-row.tsx); the
    // choice sits below that button, so it takes the row's whole width and shows more of a long feed's name.
    <div className="-me-12 flex min-w-0 flex-col gap-2 md:me-0">
      <SelectField
        label={intl.formatMessage(messages.label)}
        value={chosen ?? ''}
        disabled={offline || loading}
        aria-busy={loading || undefined}
        onChange={(event) => void choose(event.target.value === '' ? null : Number(event.target.value))}
        // The list already says "Simulated market": under it, what that means rather than the same words again (issue 62).
        hint={source.kind === 'simulator' ? intl.formatMessage(priceSourceMessages.simulatedHint) : <PriceSourceNote source={source} />}
        error={rejectionOf(error, intl)?.text}
      >
        <option value="">{intl.formatMessage(priceSourceMessages.simulated)}</option>
        {feeds.map((feed) => (
          <option key={feed.id} value={feed.id}>
            {intl.formatMessage(feed.is_logged_in ? feedOption : loggedOutOption, {
              broker: feedBrokerName(feed.broker),
              account: isolate(feed.account_number),
              name: feed.name,
            })}
          </option>
        ))}
      </SelectField>
      {source.kind === 'feed' && source.feed !== null && !source.loggedIn ? (
        <Button variant="secondary" className="self-start" busy={loading} disabled={offline} onClick={() => void choose(null)}>
          {intl.formatMessage(priceSourceMessages.switchToSimulator)}
        </Button>
      ) : null}
    </div>
  );
}
