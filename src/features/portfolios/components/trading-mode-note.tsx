import BanknotesIcon from '@heroicons/react/24/outline/BanknotesIcon';
import BeakerIcon from '@heroicons/react/24/outline/BeakerIcon';
import { useIntl } from 'react-intl';
import { botFormMessages as m } from '@/features/portfolios/bot-form-messages';
import { cx } from '@/components/ui/class-names';
import type { TradingMode } from '@/lib/trading/trading-mode';

const paper = { icon: BeakerIcon, frame: 'border border-line bg-brand-soft', iconTone: 'text-brand', title: m.paperOnly, text: m.paperOnlyText } as const;

const looks = {
  paper,
  // Bots of a replay's own account trade no money either (a replay is never a broker account of the list).
  replay: paper,
  live: { icon: BanknotesIcon, frame: 'border-2 border-danger bg-danger/10', iconTone: 'text-danger', title: m.liveTrading, text: m.liveTradingText },
} as const;

/** Says plainly whether the account's bots trade on paper or with real money: the two must never be confused. */
export function TradingModeNote({ mode }: { mode: TradingMode }) {
  const intl = useIntl();
  const { icon: Icon, frame, iconTone, title, text } = looks[mode];
  return (
    <p className={cx('flex items-start gap-2 rounded-md px-3 py-2 text-sm text-fg', frame)}>
      <Icon aria-hidden="true" className={cx('mt-0.5 size-5 shrink-0', iconTone)} />
      <span className="flex min-w-0 flex-col">
        <strong className="font-semibold">{intl.formatMessage(title)}</strong>
        <span>{intl.formatMessage(text)}</span>
      </span>
    </p>
  );
}
