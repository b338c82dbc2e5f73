import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { TradingModeBadge, tradingModeMessages } from '@/components/trading/trading-mode-badge';
import { SelectField } from '@/components/ui/select-field';
import { ComplianceState } from '@/features/brokers/components/compliance-state';
import { PriceSourceLine } from '@/app/trading/price-source-line';
import type { TradingDesk } from '@/app/trading/use-trading-desk';
import { isolate } from '@/lib/format/isolate';
import { tradingModeOf } from '@/lib/trading/trading-mode';

const messages = defineMessages({
  account: { id: 'live-trade.account', defaultMessage: 'Broker account' },
});
// Paper or live first: a select cuts what does not fit at its end, and the mode must always read in full
// (issue 36: "Paper desk (PT…) · Pa"); the account number, long for some brokers, goes last.
const accountOption = defineMessage<{ name: MessageValue; number: MessageValue; mode: MessageValue }>({
  id: 'live-trade.accountOption',
  defaultMessage: '{mode} · {name} ({number})',
});

/**
 * Which of the trader's broker accounts a trading screen shows (kept across screens), each named with
 * whether it is paper or live, and the chosen one's badge under the list, read with it.
 */
export function AccountChoice({ desk }: { desk: TradingDesk }) {
  const intl = useIntl();
  if (desk.account === null) return null;
  const mode = tradingModeOf(desk.account);
  // One grid cell with the select: a live account's compliance state under it, out of the select's description.
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <SelectField
        label={intl.formatMessage(messages.account)}
        value={desk.account.id}
        onChange={(event) => desk.chooseAccount(Number(event.target.value))}
        hint={
          <span className="flex flex-wrap items-center gap-2">
            <TradingModeBadge mode={mode} />
            <span>{intl.formatMessage(tradingModeMessages[`${mode}Hint`])}</span>
            <PriceSourceLine desk={desk} account={desk.account} />
          </span>
        }
      >
        {desk.accounts.map((item) => (
          <option key={item.id} value={item.id}>
            {intl.formatMessage(accountOption, {
              name: item.name,
              number: isolate(item.account_number),
              mode: intl.formatMessage(tradingModeMessages[tradingModeOf(item)]),
            })}
          </option>
        ))}
      </SelectField>
      {mode === 'live' ? <ComplianceState account={desk.account} compact /> : null}
    </div>
  );
}
