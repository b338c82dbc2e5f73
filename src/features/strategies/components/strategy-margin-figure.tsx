import type { ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { figureMessages, hedgeBenefitText } from '@/features/strategies/strategy-builder-messages';
import { useFormat } from '@/lib/format/use-format';

export type MarginFigure =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'no-account' }
  /**
   * Rupees: what the legs need on their own (as on an empty account) and what their offsets save against
   * each leg alone; what they need after the account's positions, the margin they free there, and the
   * account's margin available (the Position book's figure) that "Trade all" is checked against.
   * `brokerageNotPriced`: the broker's brokerage could not be priced, so both figures leave it out.
   */
  | { state: 'ready'; own: number; benefit: number; afterPositions: number; released: number; available: number; brokerageNotPriced: boolean };

const messages = defineMessages({
  own: { id: 'strategies.figures.marginOwn', defaultMessage: 'Margin, this strategy alone' },
  afterPositions: { id: 'strategies.figures.marginAfterPositions', defaultMessage: 'Margin after your positions' },
});

const releasedText = defineMessage<{ amount: MessageValue }>({ id: 'strategies.figures.marginReleased', defaultMessage: 'Frees {amount} of margin' });
const availableText = defineMessage<{ amount: MessageValue }>({ id: 'strategies.figures.marginAvailable', defaultMessage: 'Margin available {amount}' });
const withoutBrokerageText = defineMessage({ id: 'strategies.figures.withoutBrokerage', defaultMessage: 'Excludes brokerage (not priced)' });
const shortText = defineMessage<{ amount: MessageValue }>({ id: 'strategies.figures.marginShort', defaultMessage: 'Margin available {amount}: not enough' });

function Tile({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex flex-col rounded-md border border-line bg-surface px-3 py-2" data-testid={testId}>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="font-semibold tabular-nums text-fg">{children}</dd>
    </div>
  );
}

/**
 * The strategy's margin as two labelled figures, as Kite's basket shows them: its own, which does not depend
 * on what the account holds (with its hedge benefit), and what it needs after the account's positions.
 */
export function StrategyMarginFigures({ margin }: { margin: MarginFigure }) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  if (margin.state !== 'ready') {
    const text = margin.state === 'loading' ? figureMessages.marginLoading : margin.state === 'failed' ? figureMessages.marginFailed : figureMessages.marginNeedsAccount;
    return (
      <Tile label={intl.formatMessage(figureMessages.margin)} testId="margin">
        <span className="text-sm font-normal text-fg-muted">{intl.formatMessage(text)}</span>
      </Tile>
    );
  }
  return (
    <>
      <Tile label={intl.formatMessage(messages.own)} testId="margin">
        <span className="flex flex-col">
          <span>{formatInr(margin.own)}</span>
          {margin.benefit > 0 && <span className="text-xs font-normal text-profit">{intl.formatMessage(hedgeBenefitText, { amount: formatInr(margin.benefit) })}</span>}
          {margin.brokerageNotPriced && <span className="text-xs font-normal text-fg-muted">{intl.formatMessage(withoutBrokerageText)}</span>}
        </span>
      </Tile>
      <Tile label={intl.formatMessage(messages.afterPositions)} testId="margin-after-positions">
        <span className="flex flex-col">
          <span>{formatInr(margin.afterPositions)}</span>
          {margin.released > 0 && <span className="text-xs font-normal text-profit">{intl.formatMessage(releasedText, { amount: formatInr(margin.released) })}</span>}
          {margin.brokerageNotPriced && <span className="text-xs font-normal text-fg-muted">{intl.formatMessage(withoutBrokerageText)}</span>}
          {/* The broker refuses the basket when it needs more than this, as the ticket says of one order. */}
          <span className={`text-xs ${margin.afterPositions > margin.available ? 'font-semibold text-loss' : 'font-normal text-fg-muted'}`} data-field="available">
            {intl.formatMessage(margin.afterPositions > margin.available ? shortText : availableText, { amount: formatInr(margin.available) })}
          </span>
        </span>
      </Tile>
    </>
  );
}
