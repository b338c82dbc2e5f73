import { useState } from 'react';
import { useIntl } from 'react-intl';
import { premiumMessages as m } from '@/features/analytics/premium/premium-messages';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format/use-format';
import type { PremiumLinkLeg } from '@/lib/charts/premium-link';

/** Strikes step by index (index_config's current facts): the strike fields step as the chain does; a stock's field takes any strike. */
const strikeSteps: Record<string, number> = { NIFTY: 50, BANKNIFTY: 100, FINNIFTY: 50, MIDCPNIFTY: 25 };

/**
 * The strategy's legs, each strike editable: from the chain's ATM straddle to any two strikes (a strangle)
 * in one step, or any leg of the builder's strategy moved. Charting new strikes changes the link.
 */
export function PremiumLegs({ legs, onStrikes }: { legs: readonly PremiumLinkLeg[]; onStrikes: (legs: PremiumLinkLeg[]) => void }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const [strikes, setStrikes] = useState(() => legs.map((leg) => String(leg.strike)));
  const edited = legs.map((leg, i) => ({ ...leg, strike: Number(strikes[i]) }));
  const valid = edited.every((leg) => Number.isFinite(leg.strike) && leg.strike > 0);
  const changed = edited.some((leg, i) => leg.strike !== legs[i]?.strike);
  return (
    <form
      className="flex flex-col gap-2"
      aria-label={intl.formatMessage(m.legsLabel)}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && changed) onStrikes(edited);
      }}
    >
      <ul className="flex flex-col gap-2">
        {legs.map((leg, i) => (
          <li key={`${leg.expiry}-${leg.type}-${i}`} className="flex flex-wrap items-center gap-2 text-sm">
            <span className={leg.side === 'BUY' ? 'text-profit' : 'text-loss'} data-testid="premium-leg">
              {intl.formatMessage(m.leg, { side: leg.side, lots: leg.lots, index: leg.index, strike: leg.strike, type: leg.type, expiry: formatDate(leg.expiry) })}
            </span>
            <input
              type="number"
              inputMode="numeric"
              step={strikeSteps[leg.index] ?? 'any'}
              min={0}
              value={strikes[i]}
              aria-label={intl.formatMessage(m.strike, { position: i + 1 })}
              onChange={(event) => setStrikes((current) => current.map((value, j) => (j === i ? event.target.value : value)))}
              className="min-h-11 w-28 rounded-md border border-line bg-surface px-2 tabular-nums text-fg"
            />
          </li>
        ))}
      </ul>
      <div>
        <Button type="submit" variant="secondary" disabled={!valid || !changed}>
          {intl.formatMessage(m.applyStrikes)}
        </Button>
      </div>
    </form>
  );
}
