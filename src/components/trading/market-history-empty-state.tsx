import type { ComponentProps, ReactNode } from 'react';
import { defineMessage, type MessageValue } from 'react-intl';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state';

type MarketHistoryEmptyStateProps = Pick<ComponentProps<typeof EmptyState>, 'icon' | 'title' | 'description'> & {
  /** The link's words, the screen's own ("Import bhavcopies in Market history", "Import them in Market history"). */
  importText: string;
  /** Another way on, put before the link (the participants' "Show the last year"). */
  before?: ReactNode;
};

/**
 * Why a stock's chart (open interest, volatility) has nothing stored: a stock's minutes are recorded only while
 * traders watch it (watched-stocks.ts), so the demo market's "first whole minute within two" would not come for one
 * nobody watches. Each screen's empty state of a stock says so under its own title.
 */
export const stockRecordedText = defineMessage<{ symbol: MessageValue }>({
  id: 'common.marketHistory.stockRecorded',
  defaultMessage:
    '{symbol} is a stock: its minutes are recorded while traders watch it (its chain open, a position or a bot), and its days come from NSE’s F&O bhavcopies imported in Market history.',
});

/**
 * A chart of imported NSE files (open interest, volatility, participants) with nothing to show yet: it says what
 * is missing and links to Market history, where those files are imported.
 */
export function MarketHistoryEmptyState({ icon, title, description, importText, before }: MarketHistoryEmptyStateProps) {
  const link = (
    <Link to="/app/market_history" className="text-sm font-medium text-brand underline">
      {importText}
    </Link>
  );
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        before === undefined ? (
          link
        ) : (
          <div className="flex flex-wrap items-center justify-center gap-4">
            {before}
            {link}
          </div>
        )
      }
    />
  );
}

/** Reads a chart's day again now, where its first whole minute may have come since (a session or the demo market). */
export function ReadAgainButton({ text, onClick }: { text: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="min-h-11 rounded-md border border-line px-3 text-sm font-medium hover:bg-surface-muted">
      {text}
    </button>
  );
}
