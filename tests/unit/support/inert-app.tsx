// Stands in for '@/app/app' in boot's tests (`vi.mock('@/app/app', () => import('../support/inert-app'))`): an app
// that commits at once and renders and asks for nothing, so what boot itself loads and sends is all there is.
import { useEffect } from 'react';
import { atom } from 'jotai';

export const overlaysWantedAtom = atom(false);

export const RouterScreen = { preload: () => Promise.resolve() };

export function App({ onFirstCommit }: { onFirstCommit: () => void }) {
  useEffect(onFirstCommit, [onFirstCommit]);
  return null;
}
