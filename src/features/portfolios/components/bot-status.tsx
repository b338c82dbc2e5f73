import PauseCircleIcon from '@heroicons/react/20/solid/PauseCircleIcon';
import PlayCircleIcon from '@heroicons/react/20/solid/PlayCircleIcon';
import StopCircleIcon from '@heroicons/react/20/solid/StopCircleIcon';
import { useIntl } from 'react-intl';
import type { BotStatus as Status } from '@/features/portfolios/api/portfolio-types';
import { botMessages as m } from '@/features/portfolios/bot-messages';

const LOOKS = {
  active: { icon: PlayCircleIcon, tone: 'text-profit', text: m.active },
  paused: { icon: PauseCircleIcon, tone: 'text-warn', text: m.paused },
  stopped: { icon: StopCircleIcon, tone: 'text-fg-muted', text: m.stopped },
} as const;

/** A bot's status in words with its own icon: colour is never the only signal. */
export function BotStatus({ status }: { status: Status }) {
  const intl = useIntl();
  const { icon: Icon, tone, text } = LOOKS[status];
  return (
    <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-fg">
      <Icon aria-hidden="true" className={`size-4 ${tone}`} />
      {intl.formatMessage(text)}
    </span>
  );
}
