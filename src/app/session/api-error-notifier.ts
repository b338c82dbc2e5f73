/**
 * What the trader sees when a call fails (spec §8). The API layer only reports; this decides: a
 * notification per catalogue row, and for 401 a sign-out (token, IndexedDB data and caches cleared), after
 * which the route guard sends the user to sign in and back. Refusals with a message of their own ('rejected')
 * are shown by the screen that made the call, next to what the trader was doing, and so is any coded refusal
 * the request declared its screen words itself (shownByScreen in lib/api/api-error.ts: a chart's "no data that day"); so are
 * failures to reach the server while offline or already unreachable (the header's badge is the one message).
 * The rest (spec §8's catalogue rows) are notifications, and screens do not repeat their cause.
 */
import { defineMessages } from 'react-intl';
import { signOutLocally } from '@/app/session/sign-out';
import type { ApiError } from '@/lib/api/api-error';
import { onApiError } from '@/lib/api/api-error-events';
import { networkStateAtom } from '@/lib/network/network-atom';
import { notify, type NotifyInput } from '@/lib/notify/notify';
import { serverTexts, type TextCode } from '@/i18n/server-texts';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

export const catalogueMessages = defineMessages({
  authenticationFail: { id: 'app.apiError.authenticationFail', defaultMessage: 'Authentication Fail' },
  pleaseLoginAgain: { id: 'app.apiError.pleaseLoginAgain', defaultMessage: 'Please login again' },
  notFound: { id: 'app.apiError.notFound', defaultMessage: 'Not Found' },
  internalServerError: { id: 'app.apiError.internalServerError', defaultMessage: 'Internal Server Error' },
  timeOut: { id: 'app.apiError.timeOut', defaultMessage: 'Time Out' },
  error: { id: 'app.apiError.error', defaultMessage: 'Error' },
  unreachable: {
    id: 'app.apiError.unreachable',
    defaultMessage: 'The server could not be reached. Check your connection and try again.',
  },
});

/** The unreachable episode (its start) already announced. */
let notifiedSince: number | null = null;

/** Sign-out has already happened on this device when its server call runs: its failures are not news. */
const QUIET_PATHS = new Set(['/api/authenticate/logout/']);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What a coded 404 says is missing ("Portefeuille introuvable", "L’ordre … ne figure pas …"), under the
 * catalogue's title; nothing when the server sent no code, or one whose values this notice cannot word (a day
 * to format, a reason inside).
 */
function missingOf(error: ApiError): Pick<NotifyInput, 'description' | 'values'> {
  const text = error.text;
  if (text === undefined || !text.code.startsWith('not_found.') || !Object.hasOwn(serverTexts, text.code)) return {};
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params)) {
    if (typeof value === 'number' || (typeof value === 'string' && !isoDay.test(value))) values[name] = value;
    else return {};
  }
  return { description: serverTexts[text.code as TextCode], values };
}

export function handleApiError(error: ApiError): void {
  const m = catalogueMessages;
  if (error.path && QUIET_PATHS.has(error.path)) return;
  if (error.shownByScreen) return;
  switch (error.kind) {
    case 'unauthorized':
      // Several calls may fail together when a session expires: say it and sign out once.
      if (store.get(tokenAtom) === null) return;
      notify({ kind: 'error', title: m.authenticationFail, description: m.pleaseLoginAgain });
      void signOutLocally();
      return;
    case 'not_found':
      notify({ kind: 'error', title: m.notFound, ...missingOf(error) });
      return;
    case 'server_error':
      notify({ kind: 'error', title: m.internalServerError });
      return;
    case 'time_out':
      notify({ kind: 'error', title: m.timeOut });
      return;
    case 'setup':
      notify({ kind: 'error', title: m.error });
      return;
    case 'network': {
      // Once per episode: the header's badge keeps saying it (offline, or no answer since T) and each screen
      // shows its last copy "as of": a notification per failed call would say it again and again.
      const state = store.get(networkStateAtom);
      if (!navigator.onLine || state.kind === 'offline') return;
      if (state.kind === 'unreachable') {
        if (notifiedSince === state.since) return;
        notifiedSince = state.since;
      }
      notify({ kind: 'error', title: m.error, description: m.unreachable });
      return;
    }
    case 'invalid_response':
      notify({ kind: 'error', title: m.error, description: error.message });
      return;
    case 'rejected':
      return;
  }
}

export function startApiErrorNotifier(): () => void {
  return onApiError(handleApiError);
}
