/**
 * A file upload with its progress. fetch cannot report how much of a request body has been sent, so an upload
 * the trader watches (market-history files of several megabytes) goes through XMLHttpRequest, with what the
 * openapi-fetch middleware does for every other call: the bearer token, the configured base URL, the network
 * state, and failures as reported ApiErrors of the catalogue. A refusal's body is given back to the caller,
 * whose contract may carry per-file details in it.
 */
import { ApiError } from '@/lib/api/api-error';
import { errorFromStatus } from '@/lib/api/error-from-status';
import { reportApiError } from '@/lib/api/api-error-events';
import { runtimeConfig } from '@/lib/api/clients';
import { reportAnswered, reportUnanswered } from '@/lib/network/network-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

export type UploadAnswer = { status: number; body: unknown };

export type UploadOptions = {
  /** The trading backend's path, e.g. /api/market-history/imports/. */
  path: string;
  form: FormData;
  /** Share of the body sent, 0 to 1 (only when the browser knows the total). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
  /** A refusal whose body the caller reads itself (it is then answered, not thrown). */
  readRefusal?: (status: number) => boolean;
};

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends `form` as multipart/form-data; resolves with a 2xx answer (or a refusal `readRefusal` accepts). */
export function uploadFile({ path, form, onProgress, signal, readRefusal }: UploadOptions): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${runtimeConfig().apiBaseUrl}${path}`);
    const token = store.get(tokenAtom);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      reportAnswered({ status: request.status, headers: new Headers() });
      const body = parsed(request.responseText);
      if ((request.status >= 200 && request.status < 300) || readRefusal?.(request.status) === true) {
        onProgress?.(1);
        resolve({ status: request.status, body });
        return;
      }
      const error = errorFromStatus(request.status, body, request.getResponseHeader('Retry-After'), path);
      reportApiError(error);
      reject(error);
    });
    request.addEventListener('error', () => {
      reportUnanswered();
      const error = new ApiError('network', 'Error', { path });
      reportApiError(error);
      reject(error);
    });
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
