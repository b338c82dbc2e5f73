import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import { TradingModeBadge } from '@/components/trading/trading-mode-badge';
import type { TradingAccount } from '@/features/orders/api/trading-types';
import { isolate } from '@/lib/format/isolate';
import { tradingModeOf } from '@/lib/trading/trading-mode';

const accountText = defineMessage<{ name: MessageValue; number: MessageValue }>({
  id: 'orders.account',
  defaultMessage: 'Account: {name} ({number})',
});

/** Which account orders go to, and whether it is paper or live, wherever the trader decides to send them. */
export function OrderAccount({ account }: { account: TradingAccount }) {
  const intl = useIntl();
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-fg">
      <TradingModeBadge mode={tradingModeOf(account)} />
      <span className="min-w-0 break-words">
        {intl.formatMessage(accountText, { name: isolate(account.name), number: isolate(account.account_number) })}
      </span>
    </p>
  );
}
