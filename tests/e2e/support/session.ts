import type { APIRequestContext, APIResponse, Page } from '@playwright/test';

export type TestAccount = { email: string; password: string; name: string; mobile: string };

let counter = 0;

/** A fresh account per test, so tests never share sessions, passwords or throttling counters. */
export function newAccount(): TestAccount {
  counter += 1;
  const unique = `${Date.now().toString(36)}-${process.pid}-${counter}`;
  return { email: `trader-${unique}@example.in`, password: `Nifty-${unique}-Strike!`, name: 'Asha Trader', mobile: '9876543210' };
}

let addresses = 0;

/**
 * The address a scripted trader's broker login comes from (the X-Forwarded-For the e2e server trusts from
 * loopback): one of TEST-NET-3's (RFC 5737, never routed; only a header, no traffic goes there). The broker
 * login issues at most 30 tokens per address per 15 minutes, and registration and sign-in are throttled per
 * address too: a whole suite behind 127.0.0.1 exceeds them.
 */
export function clientAddress(): Record<string, string> {
  addresses += 1;
  return { 'x-forwarded-for': `203.0.113.${(addresses % 250) + 1}` };
}

/**
 * Posts a registration or sign-in as the PWA does: a 503 `server_busy` (the password line full, as it gets when
 * the suite's workers register at once on a loaded machine) is tried again after its Retry-After, a few times.
 */
async function postPasswordCall(request: APIRequestContext, url: string, data: object): Promise<APIResponse> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await request.post(url, { data, headers: clientAddress() });
    if (response.status() !== 503 || attempt === 5) return response;
    const seconds = Number(response.headers()['retry-after'] ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.min(5, Math.max(1, seconds)) * 1000));
  }
}

/** Registers an account through the real API. */
export async function registerAccount(request: APIRequestContext, account: TestAccount = newAccount()): Promise<TestAccount> {
  const response = await postPasswordCall(request, '/api/authenticate/register/', account);
  if (response.status() !== 201) throw new Error(`register answered ${response.status()}: ${await response.text()}`);
  return account;
}

/** Signs in through the real API and returns the session token. */
export async function loginToken(request: APIRequestContext, account: TestAccount): Promise<string> {
  const response = await postPasswordCall(request, '/api/authenticate/login/', { email: account.email, password: account.password });
  if (!response.ok()) throw new Error(`login answered ${response.status()}: ${await response.text()}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/**
 * Puts a session token where the app keeps it (IndexedDB via idb-keyval: database `keyval-store`, object
 * store `keyval`, key `auth_token`), exactly as the sign-in screen does. The next page load restores it.
 */
export async function storeSessionToken(page: Page, token: string): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/auth/login');
  await page.evaluate(async (value) => {
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('keyval-store');
      request.onupgradeneeded = () => request.result.createObjectStore('keyval');
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const db = request.result;
        const tx = db.transaction('keyval', 'readwrite');
        tx.objectStore('keyval').put(value, 'auth_token');
        tx.oncomplete = () => {
          db.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, token);
}

/** A new account, signed in on this page (the sign-in screen itself is covered by accounts.spec.ts). */
export async function signInAsNewUser(page: Page): Promise<TestAccount> {
  const account = await registerAccount(page.request);
  await storeSessionToken(page, await loginToken(page.request, account));
  return account;
}

/** Reads a value the app stored in IndexedDB. */
export async function readStoredValue(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (storedKey) =>
      new Promise<unknown>((resolve, reject) => {
        const request = indexedDB.open('keyval-store');
        request.onupgradeneeded = () => request.result.createObjectStore('keyval');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const get = db.transaction('keyval').objectStore('keyval').get(storedKey);
          get.onsuccess = () => {
            db.close();
            resolve(get.result);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}
