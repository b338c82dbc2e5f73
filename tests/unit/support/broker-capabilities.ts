import type { components } from '@openapi/main';

type BrokerCapabilities = components['schemas']['BrokerCapabilities'];

/**
 * What the server's brokers list says each broker takes (tests/server/trading/broker-accounts.test.ts proves the
 * server's own answer): the screens are given these, as they are given the list, and must ask only that.
 */
export const capabilities = {
  /** Paper, Kite and Upstox: every order out of hours goes as an AMO; no time, no pasted token, no depth. */
  always: { after_market: 'always', after_market_times: [], access_token_login: false, market_depth_levels: [] },
  /** Shoonya and Flattrade: the AMO is the trader's choice, with no time. */
  noren: { after_market: 'by_choice', after_market_times: [], access_token_login: false, market_depth_levels: [] },
  dhan: { after_market: 'by_choice', after_market_times: ['PRE_OPEN', 'OPEN', 'OPEN_30', 'OPEN_60'], access_token_login: true, market_depth_levels: [20, 200] },
} as const satisfies Record<string, BrokerCapabilities>;

/** A broker's capabilities by its slug, for tests that name the broker. */
export function capabilitiesOf(slug: string): BrokerCapabilities {
  const copy = (of: BrokerCapabilities): BrokerCapabilities => ({ ...of, after_market_times: [...of.after_market_times], market_depth_levels: [...of.market_depth_levels] });
  if (slug === 'dhan') return copy(capabilities.dhan);
  if (slug === 'shoonya' || slug === 'flattrade') return copy(capabilities.noren);
  return copy(capabilities.always);
}
