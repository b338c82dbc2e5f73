import ExclamationTriangleIcon from '@heroicons/react/24/outline/ExclamationTriangleIcon';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { PriceAlertCreate } from '@/features/alerts/api/alert-calls';
import { priceMessages as messages } from '@/features/alerts/alert-messages';
import { useAlertWords } from '@/features/alerts/hooks/use-alert-words';

type MetLevelQuestionProps = {
  alert: Pick<PriceAlertCreate, 'symbol' | 'direction' | 'level'>;
  /** The live price that already meets the level. */
  price: number;
  busy: boolean;
  onChangeLevel: () => void;
};

/**
 * Asked before saving an alert whose level the price has already reached (model/already-met.ts): it would
 * not fire until the price went back past the level. Save anyway submits the form; focus starts on changing
 * the level, the safe choice. Announced when it appears.
 */
export function MetLevelQuestion({ alert, price, busy, onChangeLevel }: MetLevelQuestionProps) {
  const intl = useIntl();
  const words = useAlertWords();
  const change = useRef<HTMLButtonElement>(null);
  useEffect(() => change.current?.focus(), []);
  const values = { symbol: alert.symbol, direction: alert.direction, price: words.price(alert.symbol, price), level: words.price(alert.symbol, alert.level) };
  return (
    <div role="alert" className="flex items-start gap-2 rounded-md border border-warn/40 bg-warn/10 p-3 text-fg sm:col-span-2">
      <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warn" />
      <div className="flex min-w-0 flex-1 flex-col gap-3 break-words">
        <div>
          <p className="font-semibold">{intl.formatMessage(messages.metTitle, values)}</p>
          <p className="mt-1 text-sm">{intl.formatMessage(messages.metBody, values)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button ref={change} variant="secondary" onClick={onChangeLevel} disabled={busy}>
            {intl.formatMessage(messages.changeLevel)}
          </Button>
          <Button type="submit" busy={busy}>
            {intl.formatMessage(messages.saveAnyway)}
          </Button>
        </div>
      </div>
    </div>
  );
}
