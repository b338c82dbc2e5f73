import { createStore } from 'jotai';

/**
 * The one Jotai store of the app. It is created outside React so persistence, the API middleware and
 * service-worker messages can read and write atoms without a component.
 */
export const store = createStore();
