/**
 * Where the trading API answers: this origin by default, or the configured API server (VITE_API_URL,
 * /config.json), since that is where another service (a broker's postback, a bot's alerts) must post.
 */
export function apiOrigin(origin: string, apiBaseUrl: string): string {
  return (apiBaseUrl === '' ? origin : new URL(apiBaseUrl, `${origin}/`).href).replace(/\/+$/, '');
}
