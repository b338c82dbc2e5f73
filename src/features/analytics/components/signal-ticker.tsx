import PauseIcon from '@heroicons/react/20/solid/PauseIcon';
import PlayIcon from '@heroicons/react/20/solid/PlayIcon';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { MarketData } from '@/features/analytics/api/analytics-reads';
import { sayServerText } from '@/i18n/say-server-text';
import { ChangeText } from '@/components/ui/change-text';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  label: { id: 'analytics.ticker.label', defaultMessage: 'Screener signals' },
  pause: { id: 'analytics.ticker.pause', defaultMessage: 'Pause the ticker' },
  play: { id: 'analytics.ticker.play', defaultMessage: 'Play the ticker' },
});

/** Pixels a second: slow enough to read a signal as it passes. */
const speed = 40;

function Signal({ row }: { row: MarketData }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  return (
    <span className="inline-flex items-baseline gap-2 whitespace-nowrap px-4">
      <span className="font-semibold text-fg">{row.symbol}</span>
      <span className="tabular-nums">{formatNumber(row.spot, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</span>
      <ChangeText change={row.change} percent={row.change_pct} />
      {row.signal !== null && <span className="text-fg-muted">{sayServerText(intl, row.signal_i18n, row.signal)}</span>}
    </span>
  );
}

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The screener's signals scrolling by, like an exchange ticker. It pauses while hovered or focused and with
 * its button; with reduced motion asked for it does not move at all and lists the signals instead. The
 * motion is the Web Animations API (no stylesheet keyframes, so the first visit's CSS stays as it is), in
 * the reading direction of the page.
 */
export function SignalTicker({ rows }: { rows: MarketData[] }) {
  const intl = useIntl();
  const track = useRef<HTMLDivElement>(null);
  const animation = useRef<Animation | null>(null);
  const [still] = useState(prefersReducedMotion);
  const [paused, setPaused] = useState(false);
  const hovered = useRef(false);

  useEffect(() => {
    const element = track.current;
    if (still || element === null || typeof element.animate !== 'function') return;
    const half = element.scrollWidth / 2;
    const sign = getComputedStyle(element).direction === 'rtl' ? 1 : -1;
    animation.current = element.animate([{ transform: 'translateX(0)' }, { transform: `translateX(${sign * half}px)` }], {
      duration: (half / speed) * 1000,
      iterations: Infinity,
    });
    return () => animation.current?.cancel();
  }, [rows, still]);

  useEffect(() => {
    if (paused) animation.current?.pause();
    else if (!hovered.current) animation.current?.play();
  }, [paused]);

  const hold = (held: boolean) => {
    hovered.current = held;
    if (held) animation.current?.pause();
    else if (!paused) animation.current?.play();
  };

  if (still) {
    return (
      <ul aria-label={intl.formatMessage(messages.label)} className="flex flex-wrap gap-y-1 rounded-lg border border-line bg-surface py-2 text-sm">
        {rows.map((row) => (
          <li key={row.id}><Signal row={row} /></li>
        ))}
      </ul>
    );
  }
  return (
    <div className="flex items-center gap-2 rounded-lg border border-line bg-surface text-sm">
      <button
        type="button"
        className="ms-1 shrink-0 rounded p-1.5 text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-brand"
        aria-pressed={paused}
        aria-label={intl.formatMessage(paused ? messages.play : messages.pause)}
        onClick={() => setPaused((value) => !value)}
      >
        {paused ? <PlayIcon aria-hidden="true" className="size-4" /> : <PauseIcon aria-hidden="true" className="size-4" />}
      </button>
      <div
        className="min-w-0 flex-1 overflow-hidden py-2"
        role="region"
        aria-label={intl.formatMessage(messages.label)}
        onMouseEnter={() => hold(true)}
        onMouseLeave={() => hold(false)}
        onFocus={() => hold(true)}
        onBlur={() => hold(false)}
      >
        {/* Twice the signals, so the loop joins without a gap; the copy is hidden from screen readers. */}
        <div ref={track} className="flex w-max">
          <ul className="flex">{rows.map((row) => <li key={row.id}><Signal row={row} /></li>)}</ul>
          <ul className="flex" aria-hidden="true">{rows.map((row) => <li key={row.id}><Signal row={row} /></li>)}</ul>
        </div>
      </div>
    </div>
  );
}
