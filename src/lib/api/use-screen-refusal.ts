import { useCallback, useState } from 'react';
import { isApiError, type ApiError } from '@/lib/api/api-error';

/** `error` when it is a refusal its screen declared it words itself (ApiError.shownByScreen), else null. */
function refusalShownByScreen(error: unknown): ApiError | null {
  return isApiError(error) && error.shownByScreen ? error : null;
}

/**
 * A screen's read whose refusals it words itself (shownByScreen, lib/api/api-error.ts): `read` wrapped so that such a
 * refusal is kept, under `name` (the question it answers), for the screen to say in the answer's place. An
 * answer, or a failure of another kind, clears it; a refusal of an earlier question never shows under a new one.
 */
export function useScreenRefusal<T>(name: string, read: () => Promise<T>): { read: () => Promise<T>; refusal: ApiError | null } {
  const [kept, setKept] = useState<{ name: string; refusal: ApiError } | null>(null);
  const forget = useCallback(() => setKept((previous) => (previous?.name === name ? null : previous)), [name]);
  const wrapped = useCallback(
    () =>
      read().then(
        (answer) => {
          forget();
          return answer;
        },
        (error: unknown) => {
          const refusal = refusalShownByScreen(error);
          if (refusal === null) forget();
          else setKept({ name, refusal });
          throw error;
        },
      ),
    [name, read, forget],
  );
  return { read: wrapped, refusal: kept?.name === name ? kept.refusal : null };
}
