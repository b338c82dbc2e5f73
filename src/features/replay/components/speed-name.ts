import type { IntlShape } from 'react-intl';
import { replayMessages as m, speedValueText } from '@/features/replay/replay-messages';
import type { ReplaySpeed } from '@/lib/replay/replay-calls';

/** "Paused", "1×", "60×": a speed as the picker and the speed bar say it. */
export function speedName(speed: ReplaySpeed, intl: IntlShape): string {
  return speed === 0 ? intl.formatMessage(m.paused) : intl.formatMessage(speedValueText, { speed });
}
