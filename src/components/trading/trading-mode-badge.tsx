import BanknotesIcon from '@heroicons/react/20/solid/BanknotesIcon';
import BeakerIcon from '@heroicons/react/20/solid/BeakerIcon';
import ClockIcon from '@heroicons/react/20/solid/ClockIcon';
import { defineMessages, useIntl } from 'react-intl';
import { cx } from '@/components/ui/class-names';
import type { TradingMode } from '@/lib/trading/trading-mode';

export const tradingModeMessages = defineMessages({
  paper: { id: 'common.tradingMode.paper', defaultMessage: 'Paper' },
  live: { id: 'common.tradingMode.live', defaultMessage: 'Live' },
  paperHint: { id: 'common.tradingMode.paperHint', defaultMessage: 'Simulated orders: no real money' },
  liveHint: { id: 'common.tradingMode.liveHint', defaultMessage: 'Real orders at the broker, with real money' },
  replay: { id: 'common.tradingMode.replay', defaultMessage: 'Replay' },
  replayHint: { id: 'common.tradingMode.replayHint', defaultMessage: 'A past day replayed: orders fill in the replay’s own book, never at a broker' },
});

// The word says it; the colour, the outline and the icon repeat it. Live is loud (a 2 px red outline on a red
// tint, banknotes), paper is calm (the brand's soft blue, a beaker). Text contrast is at least 4.9:1 on every
// surface in both themes (danger on danger/10 is the lowest: 4.93:1 on the dark raised surface).
const looks = {
  paper: { icon: BeakerIcon, tone: 'border border-brand/40 bg-brand-soft text-fg', iconTone: 'text-brand', text: 'paper', hint: 'paperHint' },
  live: { icon: BanknotesIcon, tone: 'border-2 border-danger bg-danger/10 text-danger', iconTone: '', text: 'live', hint: 'liveHint' },
  // A replay is violet with a clock: a past day, neither paper's blue nor live's red.
  replay: { icon: ClockIcon, tone: 'border border-replay bg-replay-soft text-fg', iconTone: 'text-replay', text: 'replay', hint: 'replayHint' },
} as const;

/**
 * "Paper" or "Live" beside an account wherever it trades. An inline box of its own, so in a right-to-left
 * layout its icon and word stay together and the sentence around it keeps its order.
 */
export function TradingModeBadge({ mode, className }: { mode: TradingMode; className?: string }) {
  const intl = useIntl();
  const { icon: Icon, tone, iconTone, text, hint } = looks[mode];
  return (
    <span
      data-trading-mode={mode}
      title={intl.formatMessage(tradingModeMessages[hint])}
      className={cx('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', tone, className)}
    >
      <Icon aria-hidden="true" className={cx('size-3.5 shrink-0', iconTone)} />
      {intl.formatMessage(tradingModeMessages[text])}
    </span>
  );
}
