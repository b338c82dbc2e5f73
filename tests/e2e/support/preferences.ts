import type { Page } from '@playwright/test';

export type DisplayPreferences = { locale: 'en' | 'fr'; theme: 'light' | 'dark'; direction: 'ltr' | 'rtl' };

/** Stores display preferences where the app reads them before its first render (the next load uses them). */
export async function usePreferences(page: Page, preferences: DisplayPreferences): Promise<void> {
  await page.evaluate(async (value) => {
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('keyval-store');
      request.onupgradeneeded = () => request.result.createObjectStore('keyval');
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const db = request.result;
        const tx = db.transaction('keyval', 'readwrite');
        tx.objectStore('keyval').put({ version: 1, navType: 'side', navCollapsed: false, topNavColor: 'blue', ...value }, 'preferences');
        tx.oncomplete = () => {
          db.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, preferences);
}
