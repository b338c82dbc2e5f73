import type { ApiError } from '@/lib/api/api-error';

/**
 * The API layer reports failures here and knows nothing of what the trader sees; the app subscribes and
 * turns them into notifications and, for 401, a sign-out (STYLE.md: middleware does HTTP concerns only).
 */
type Listener = (error: ApiError) => void;
const listeners = new Set<Listener>();

export function onApiError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportApiError(error: ApiError): void {
  for (const listener of listeners) listener(error);
}
