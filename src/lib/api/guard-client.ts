/**
 * openapi-fetch runs middleware only around the network call: a request that cannot even be built (a bad
 * base URL, a body that does not serialise) or an answer that is not JSON throws a raw error. This wraps a
 * client's methods so those, too, become catalogued ApiErrors and are reported.
 */
import type { Client } from 'openapi-fetch';
import { ApiError } from '@/lib/api/api-error';
import { reportApiError } from '@/lib/api/api-error-events';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'] as const;

function normalise(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  const kind = error instanceof SyntaxError ? 'invalid_response' : 'setup';
  const normalised = new ApiError(kind, 'Error', { cause: error });
  reportApiError(normalised);
  return normalised;
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

function isMethodName(prop: string | symbol): boolean {
  return typeof prop === 'string' && (METHODS as readonly string[]).includes(prop);
}

/** Same client, same types; its request methods now fail only with ApiError (or the caller's own abort). */
export function guardClient<C extends Client<object>>(client: C): C {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (!isMethodName(prop) || typeof value !== 'function') return value;
      const method = value as AnyMethod;
      return (...args: unknown[]) =>
        method.apply(target, args).catch((error: unknown) => {
          throw normalise(error);
        });
    },
  });
}
