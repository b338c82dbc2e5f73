import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { getProfile } from '@/features/settings/api/get-profile';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { userDataAtom } from '@/lib/session/user-profile-atoms';

/**
 * Loads the signed-in user's profile whenever the shell starts with a session but no user record (a
 * reload, a restored session). An expired session surfaces here as a 401, which signs the user out.
 * Other failures are notified by the app and leave the shell usable.
 */
export function useProfileLoader(): void {
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(userDataAtom);
  const setUser = useSetAtom(userDataAtom);
  const needed = token !== null && user === null;

  useEffect(() => {
    if (!needed) return;
    let current = true;
    getProfile().then(
      (profile) => {
        if (current) setUser(profile);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [needed, setUser]);
}
