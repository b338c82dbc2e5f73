import { atom } from 'jotai';

/** The trader closed the iOS "Add to Home Screen" hint: keep it away for the rest of the session. */
export const iosHintDismissedAtom = atom(false);
