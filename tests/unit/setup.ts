// Runs before every unit test file (jsdom). Vitest globals are off, so Testing Library cannot register
// its own cleanup: unmount what each test rendered here. IndexedDB comes from fake-indexeddb, as jsdom
// has none. Nothing here silences console output or errors.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor resolve as soon as their condition holds; the limit only decides how long a starved
// worker may take. CI runs every file in parallel on two busy cores, where 1 s (the default) was missed by
// a screen re-reading its list after an 'online' event.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
