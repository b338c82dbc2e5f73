import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { focusMainHeadingWhenShown } from '@/app/router/focus-main-heading';

/** Long enough for screen readers to notice the region emptied, so the same title twice is read twice. */
export const ANNOUNCE_DELAY_MS = 100;

type RouteAnnouncerProps = {
  /** Identifies the screen shown (its route); null while a redirect is on its way. */
  screenKey: string | null;
  /** The new screen's document title, as it should be read. */
  title: string;
};

/**
 * Tells assistive technology that the screen changed, as a full page load would: a polite live region
 * reads the new title, and focus moves to the new screen's heading. The first screen shown is the page
 * load itself (the browser announces that), and a language switch renames the screen without changing it:
 * neither is announced.
 */
export function RouteAnnouncer({ screenKey, title }: RouteAnnouncerProps) {
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef<string | null>(null);
  // Read when the announcement is made, so it is the new screen's title in the language on screen.
  const announce = useEffectEvent(() => setAnnouncement(title));

  useEffect(() => {
    if (screenKey === null || screenKey === shown.current) return;
    const first = shown.current === null;
    shown.current = screenKey;
    if (first) return;
    setAnnouncement('');
    const timer = window.setTimeout(announce, ANNOUNCE_DELAY_MS);
    const cancelFocus = focusMainHeadingWhenShown();
    return () => {
      window.clearTimeout(timer);
      cancelFocus();
    };
  }, [screenKey]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {announcement}
    </div>
  );
}
