const dayMs = 24 * 60 * 60 * 1000;

/** Calendar days from `from` to `to` (YYYY-MM-DD), both counted. */
export const daysIn = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs + 1;
