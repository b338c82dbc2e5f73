import { useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { getProfile } from '@/features/settings/api/get-profile';
import { useOperation } from '@/lib/api/use-operation';
import { userDataAtom } from '@/lib/session/user-profile-atoms';

/**
 * The signed-in user, read fresh when a settings section opens (another device may have changed it), and
 * shared with the rest of the app through userDataAtom. `user` is undefined until the first answer.
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

  return { user: data, error, reload: load };
}
