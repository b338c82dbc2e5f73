/**
 * The snapshot table holds a row per index every few seconds: read newest first, the latest 20 rows are the
 * same few indices four times over. A trader wants each index once, at its latest level.
 */
export function latestPerIndex<Row extends { index: string; created_at: string }>(rows: readonly Row[], order: readonly string[]): Row[] {
  const latest = new Map<string, Row>();
  for (const row of rows) {
    const kept = latest.get(row.index);
    if (kept === undefined || Date.parse(row.created_at) > Date.parse(kept.created_at)) latest.set(row.index, row);
  }
  // In the order the pickers offer the indices; any index they do not know comes last, by name.
  const rank = (index: string) => {
    const at = order.indexOf(index);
    return at === -1 ? order.length : at;
  };
  return [...latest.values()].sort((a, b) => rank(a.index) - rank(b.index) || a.index.localeCompare(b.index));
}
