// jotai/vanilla, not jotai: this module is in the first visit's entry (tests/unit/app/first-visit-entry-imports.test.ts).
import { atom } from 'jotai/vanilla';

/** True when a new version of the app is installed and waiting for the trader to reload. */
export const updateAvailableAtom = atom(false);
