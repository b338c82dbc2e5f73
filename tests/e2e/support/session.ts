import type { Page } from '@playwright/test';

/**
 * Puts a session token where the app keeps it (IndexedDB via idb-keyval: database `keyval-store`, object
 * store `keyval`, key `auth_token`), exactly as a sign-in would, then reloads so the app restores it.
 * Until accounts and sign-in arrive, this is how the shell tests enter the signed-in state.
 */
export async function seedSessionToken(page: Page, token = 'e2e-session-token'): Promise<void> {
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
