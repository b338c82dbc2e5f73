import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '@/app/router/routes';
import { blankLayoutAtom } from '@/lib/preferences/preferences-atom';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'blankLayout' in handle;
}

/** Whether the current route asks for the blank layout; also mirrors it into blankLayoutAtom (spec §4). */
export function useBlankLayout(): boolean {
  const matches = useMatches();
  const blank = matches.some((match) => isRouteHandle(match.handle) && match.handle.blankLayout === true);
  const setBlankLayout = useSetAtom(blankLayoutAtom);
  useEffect(() => {
    setBlankLayout(blank);
  }, [blank, setBlankLayout]);
  return blank;
}
