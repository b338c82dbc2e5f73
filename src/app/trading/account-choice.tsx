import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { SelectField } from '@/components/ui/select-field';
import type { TradingDesk } from '@/app/trading/use-trading-desk';

const messages = defineMessages({
  account: { id: 'live-trade.account', defaultMessage: 'Broker account' },
});
const accountOption = defineMessage<{ name: MessageValue; number: MessageValue }>({ id: 'live-trade.accountOption', defaultMessage: '{name} ({number})' });

/** Which of the trader's broker accounts a trading screen shows (kept across screens). */
export function AccountChoice({ desk }: { desk: TradingDesk }) {
  const intl = useIntl();
  if (desk.account === null) return null;
  return (
    <SelectField label={intl.formatMessage(messages.account)} value={desk.account.id} onChange={(event) => desk.chooseAccount(Number(event.target.value))}>
      {desk.accounts.map((item) => (
        <option key={item.id} value={item.id}>
          {intl.formatMessage(accountOption, { name: item.name, number: item.account_number })}
        </option>
      ))}
    </SelectField>
  );
}
