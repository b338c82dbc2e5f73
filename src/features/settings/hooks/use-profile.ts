import { useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { getProfile } from '@/features/settings/api/get-profile';
import { useOperation } from '@/lib/api/use-operation';
import { useLastKnown } from '@/lib/persist/last-known';
import { userDataAtom } from '@/lib/session/user-profile-atoms';

/**
 * The signed-in user, read fresh when a settings section opens (another device may have changed it), and
 * shared with the rest of the app through userDataAtom. `user` is undefined until the first answer; when the
 * read fails (offline, the server unreachable) it is the last-known copy, with `asOf` its time.
 */
export function useProfile() {
  const setUser = useSetAtom(userDataAtom);
  const { run, data, error } = useOperation(getProfile);

  const load = useCallback(async () => {
    const user = await run();
    if (user) setUser(user);
  }, [run, setUser]);

  useEffect(() => {
    void load();
  }, [load]);

  const lastKnown = useLastKnown('profile', data, error !== null);
  return { user: lastKnown.value, asOf: lastKnown.asOf, error, reload: load };
}
