// jotai/vanilla, not jotai: this module is in the first visit's entry (tests/unit/app/first-visit-entry-imports.test.ts).
import { atom } from 'jotai/vanilla';

/**
 * Auth state of spec §3. The token's presence alone decides whether the user is signed in (spec §4).
 * It is persisted under `auth_token` (see session-persistence.ts).
 */
export const tokenAtom = atom<string | null>(null);
export const isSignedInAtom = atom((get) => get(tokenAtom) !== null);
/**
 * Whether boot has brought the session back from IndexedDB (boot.tsx): until then tokenAtom is null even for a
 * signed-in trader, so a request sent before it goes without the token, and its 401 would sign the trader out.
 */
export const sessionRestoredAtom = atom(false);

export const authLoadingAtom = atom(false);
export const authMessageAtom = atom<string | null>(null);
export const showAuthMessageAtom = atom(false);
/** Where to go after the next auth transition; sign-in and sign-out set it to root (spec §4). */
export const authRedirectAtom = atom('/');
