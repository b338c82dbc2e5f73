import { Component, lazy, Suspense, type ReactNode } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import type { Order } from '@/features/orders/api/trading-types';
import type { Position } from '@/features/positions/api/position-calls';

// Its own chunk: the positions screen and the desk stay as small as they were until a position is open.
const LiveBookPayoff = lazy(() => import('@/app/strategy-builder/live-book-payoff').then((module) => ({ default: module.LiveBookPayoff })));

const failedText = defineMessage({ id: 'strategies.liveBook.failed', defaultMessage: 'The payoff of the open positions could not be drawn.' });

function Failed() {
  const intl = useIntl();
  return <p role="alert" className="text-sm text-loss">{intl.formatMessage(failedText)}</p>;
}

/** A failing payoff panel leaves the positions table and its actions working. */
class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <Failed /> : this.props.children;
  }
}

/**
 * The live book's payoff under a positions table, when the portfolio holds an open position; its stop-loss and
 * target markers from the orders the table read beside the positions (null: not known, none drawn).
 */
export function LiveBookPanel({ positions, orders }: { positions: readonly Position[]; orders: readonly Order[] | null }) {
  if (!positions.some((position) => position.quantity !== 0)) return null;
  return (
    <PanelBoundary>
      <Suspense fallback={null}>
        <LiveBookPayoff positions={positions} orders={orders} />
      </Suspense>
    </PanelBoundary>
  );
}
