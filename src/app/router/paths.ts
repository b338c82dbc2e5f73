/** Route constants of spec §2. Every link and redirect in the app is built from these. */
export const APP_BASE = '/app';
export const AUTH_BASE = '/auth';
export const LOGIN_PATH = '/login';
export const LOGIN_ROUTE = `${AUTH_BASE}${LOGIN_PATH}`;
export const DEFAULT_HOME = `${APP_BASE}/dashboards/default`;
export const REDIRECT_PARAM = 'redirect';
