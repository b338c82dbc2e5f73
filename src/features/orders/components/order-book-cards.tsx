import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Order } from '@/features/orders/api/trading-types';
import { OrderCard } from '@/features/orders/components/order-book-card';
import type { OnOrderAction } from '@/features/orders/components/order-book-cells';

// Room for the contract, the side and fill, the price with its trigger under it, and the status and buttons: a
// card's least height and the virtualiser's guess; a card whose reason needs more lines grows, measured as drawn.
const cardHeight = 148;

type OrderCardsProps = { orders: readonly Order[]; label: string; tradingDisabled: boolean; onAction: OnOrderAction };

/**
 * The phone's order book: cards virtualised against the page's own scroll (issue 62). A box of its own
 * (70 % of the screen, scrolling inside the scrolling page) made a 360 px thumb scroll the wrong one; the
 * page now scrolls and only the cards in view are rendered, as before (issue 37's 10,000 orders).
 */
export function OrderCards({ orders, label, tradingDisabled, onAction }: OrderCardsProps) {
  const list = useRef<HTMLDivElement | null>(null);
  // Where the list starts in the page: the virtualiser counts the window's scroll from there.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const element = list.current;
    if (element === null) return;
    const measure = () => setMargin(element.getBoundingClientRect().top + window.scrollY);
    measure();
    // What grows above the list (a banner, a notice) moves it: the page's size changing says so.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: orders.length,
    estimateSize: () => cardHeight,
    // Never below the least height: a card not laid out yet (or a page without layout) measures 0.
    measureElement: (element) => Math.max(cardHeight, element.getBoundingClientRect().height),
    overscan: 6,
    scrollMargin: margin,
  });
  return (
    <div ref={list} role="list" aria-label={label} data-order-cards>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const order = orders[item.index]!;
          return (
            <OrderCard
              key={order.order_id}
              order={order}
              index={item.index}
              measure={virtualizer.measureElement}
              top={item.start - margin}
              minHeight={cardHeight}
              tradingDisabled={tradingDisabled}
              onAction={onAction}
            />
          );
        })}
      </div>
    </div>
  );
}
