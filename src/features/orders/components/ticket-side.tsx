import { useIntl } from 'react-intl';
import type { TransactionType } from '@/features/orders/api/trading-types';
import { ticketMessages as messages } from '@/features/orders/components/order-ticket-messages';
import { sideMessages } from '@/features/orders/order-messages';

/** Buy or Sell: two pressed-state buttons in the side's colour (the word says it too). */
export function TicketSide({ side, onChange }: { side: TransactionType; onChange: (side: TransactionType) => void }) {
  const intl = useIntl();
  return (
    <div role="group" aria-label={intl.formatMessage(messages.side)} className="flex gap-1">
      {(['BUY', 'SELL'] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={side === choice}
          onClick={() => onChange(choice)}
          // The surface colour on the pressed side: white on light mode's dark green and red, near black on dark
          // mode's light ones (white there reads at 1.9:1).
          className={`min-h-11 flex-1 rounded-md border px-3 font-semibold ${
            side === choice ? (choice === 'BUY' ? 'border-profit bg-profit text-surface' : 'border-loss bg-loss text-surface') : 'border-line bg-surface text-fg'
          }`}
        >
          {intl.formatMessage(sideMessages[choice])}
        </button>
      ))}
    </div>
  );
}
