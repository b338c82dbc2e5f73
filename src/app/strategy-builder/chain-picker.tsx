import { lazy, memo, Suspense, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import type { FutureInstrument } from '@/features/market/api/get-expiries';
import type { OptionInstrument } from '@/features/market/api/get-instruments';

// The option chain comes with the market's own chunk, fetched only when the trader opens it here.
const OptionChain = lazy(() => import('@/features/market/components/option-chain').then((module) => ({ default: module.OptionChain })));

const messages = defineMessages({
  open: { id: 'strategies.chain.open', defaultMessage: 'Add legs from the option chain' },
  hint: { id: 'strategies.chain.hint', defaultMessage: 'Tap a price to add that contract as a bought leg; switch it to a sale on its card.' },
  loading: { id: 'strategies.chain.loading', defaultMessage: 'Loading the option chain…' },
});
const otherIndexText = defineMessage<{ index: MessageValue }>({
  id: 'strategies.chain.otherIndex',
  defaultMessage: 'This strategy is on {index}: pick a contract of {index}, or change the index above.',
});

/** The desk's option chain inside the builder: a tapped price adds its contract as a leg of this index (memoised: its chain reads its own prices). */
export const ChainPicker = memo(function ChainPicker({
  index,
  onPick,
  onPickFuture,
}: {
  index: string;
  onPick: (instrument: OptionInstrument) => void;
  onPickFuture: (future: FutureInstrument) => void;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [wrongIndex, setWrongIndex] = useState(false);
  const handlePick = (instrument: OptionInstrument) => {
    setWrongIndex(instrument.name !== index);
    if (instrument.name === index) onPick(instrument);
  };
  // A future of the strategy's underlying is a leg too (a hedge, a synthetic's underlying).
  const handlePickFuture = (future: FutureInstrument) => {
    setWrongIndex(future.name !== index);
    if (future.name === index) onPickFuture(future);
  };
  return (
    <details className="rounded-lg border border-line bg-surface p-3" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-fg">{intl.formatMessage(messages.open)}</summary>
      {open && (
        <div className="flex flex-col gap-2 pt-2">
          <p className="text-sm text-fg-muted">{intl.formatMessage(messages.hint)}</p>
          {wrongIndex && <p role="alert" className="text-sm text-loss">{intl.formatMessage(otherIndexText, { index })}</p>}
          <Suspense fallback={<p role="status" className="text-sm text-fg-muted">{intl.formatMessage(messages.loading)}</p>}>
            <OptionChain onPick={handlePick} onPickFuture={handlePickFuture} />
          </Suspense>
        </div>
      )}
    </details>
  );
});
