// Runs before every unit test file (jsdom). Vitest globals are off, so Testing Library cannot register
// its own cleanup: unmount what each test rendered here. IndexedDB comes from fake-indexeddb, as jsdom
// has none. Nothing here silences console output or errors.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';

// Files on Node's environment (`// @vitest-environment node`: pure logic, no DOM) render nothing, so they
// skip loading Testing Library and React DOM here: that import was most of their set-up time.
if (typeof document !== 'undefined') {
  const { act, cleanup, configure } = await import('@testing-library/react');
  const { dismissAllNotifications } = await import('@/lib/notify/notify');

  // findBy*/waitFor resolve as soon as their condition holds; the limit only decides how long a starved
  // worker may take. CI runs every file in parallel on two busy cores, where 1 s (the default) was missed by
  // a screen re-reading its list after an 'online' event.
  configure({ asyncUtilTimeout: 5_000 });

  afterEach(() => {
    cleanup();
    // Files share a worker's module graph (vitest.config.ts), so the app's one store too: a notification one test
    // raised and left on screen would show in the next file's toaster.
    act(() => dismissAllNotifications());
  });
}
