// Which paper accounts one market serves (issue 38): those on the simulated market (`feedAccountId` null) or
// those on one live account's feed. Each market's fill pass, square-off and settlement touch only their own
// accounts, so no order fills on another market's prices. The choice is read from the account's row on each
// pass, so every instance agrees on it.
export type MarketScope = { feedAccountId: number | null };

/** The SQL condition "the paper account in `accountColumn` is on this market", its market bound as `$param`. */
export function inScope(accountColumn: string, param: number): string {
  return `EXISTS (SELECT 1 FROM broker_accounts scoped WHERE scoped.id = ${accountColumn} AND scoped.market_account_id IS NOT DISTINCT FROM $${param}::integer)`;
}
