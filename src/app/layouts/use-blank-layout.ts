import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { handleOf } from '@/app/router/route-handle';
import { blankLayoutAtom } from '@/lib/preferences/preferences-atom';

/** Whether the current route asks for the blank layout; also mirrors it into blankLayoutAtom (spec §4). */
export function useBlankLayout(): boolean {
  const matches = useMatches();
  const blank = matches.some((match) => handleOf(match).blankLayout === true);
  const setBlankLayout = useSetAtom(blankLayoutAtom);
  useEffect(() => {
    setBlankLayout(blank);
  }, [blank, setBlankLayout]);
  return blank;
}
