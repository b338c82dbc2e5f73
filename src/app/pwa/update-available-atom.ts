import { atom } from 'jotai';

/** True when a new version of the app is installed and waiting for the trader to reload. */
export const updateAvailableAtom = atom(false);
