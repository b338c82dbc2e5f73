// jotai/vanilla, not jotai: this module is in the first visit's entry (tests/unit/app/first-visit-entry-imports.test.ts).
import { atom } from 'jotai/vanilla';
import type { MessageDescriptor } from 'react-intl';

export type NotificationKind = 'success' | 'error' | 'info' | 'warning';

/** Text is kept as descriptors (or server text) and formatted when shown, so a language switch re-translates it. */
export type NotificationText = MessageDescriptor | string;

export type Notification = {
  id: string;
  kind: NotificationKind;
  title: NotificationText;
  description?: NotificationText;
  values?: Record<string, string | number>;
  /** Time on screen before it closes itself, counted only while not hovered or focused; 0 = until closed. */
  durationMs: number;
};

/** The stack of notifications on screen, oldest first. Write through notify() and dismissNotification(). */
export const notificationsAtom = atom<readonly Notification[]>([]);
