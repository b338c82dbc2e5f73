// Runs before every unit test file (jsdom). Vitest globals are off, so Testing Library cannot register
// its own cleanup: unmount what each test rendered here. IndexedDB comes from fake-indexeddb, as jsdom
// has none. Nothing here silences console output or errors.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
