// jotai/vanilla, not jotai: this module is in the first visit's entry (tests/unit/app/first-visit-entry-imports.test.ts).
import { getDefaultStore } from 'jotai/vanilla';

/**
 * The one Jotai store of the app. It is created outside React so persistence, the API middleware and
 * service-worker messages can read and write atoms without a component. It is Jotai's default store, the one
 * its hooks use when no Provider is above them: the public pages read it without jotai's React bindings
 * (use-store-atom.ts), so no Provider wraps the app and the signed-in screens' hooks reach this same store.
 */
export const store = getDefaultStore();
