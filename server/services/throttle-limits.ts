// The limits on password guessing, and whose attempts each one counts. OWASP's credential-stuffing advice
// is the rule: throttle the guesser (its address, its network, its device), not the account, so that a
// stranger can never lock a trader out. The account-wide limit only *slows* sign-ins from devices the
// account has not seen (throttle.ts's SlowingRule); a device that signed in before (a device token,
// device-tokens.ts) has an allowance of its own that strangers' failures never touch.
import type { LimitRule, SlowingRule } from './throttle.ts';

export type ThrottleLimits = {
  /** Failed sign-ins at one account from devices it has not seen: they slow the next one, never lock. */
  loginPerAccount: SlowingRule;
  /** Failed sign-ins from one known device at its account: its own allowance, a lock of that device only. */
  loginPerDevice: LimitRule;
  /** Failed and refused sign-ins from one address, and from its network (IPv4 /24, IPv6 /64). */
  loginPerIp: LimitRule;
  loginPerNetwork: LimitRule;
  /** Wrong current passwords at change_password, per session (someone holding a stolen session). */
  passwordChangePerSession: LimitRule;
  registerPerIp: LimitRule;
  /** The paper broker's login form: Client IDs that match nothing, per api_key (slowing), device, address and network. */
  brokerLoginFailuresPerKey: SlowingRule;
  brokerLoginFailuresPerDevice: LimitRule;
  brokerLoginFailuresPerIp: LimitRule;
  brokerLoginFailuresPerNetwork: LimitRule;
  /** request_tokens it issues, per account (api_key and Client ID) and per address. */
  brokerLoginTokensPerAccount: LimitRule;
  brokerLoginTokensPerIp: LimitRule;
  /** Deliveries to one bot's webhook address, whoever sends them (issue 41). */
  webhookPerToken: LimitRule;
  /** Broker reads caused by the order pushes (Upstox's webhooks, Dhan's postbacks) naming one client of a broker. */
  postbackReadsPerClient: LimitRule;
};

const second = 1000;
const minute = 60 * second;

export const defaultThrottleLimits: ThrottleLimits = {
  // Five wrong passwords pass at once (typos); then 1 s, 2 s, 4 s... up to one minute between guesses.
  // A stranger who keeps guessing gets one try a minute; a trader who stops typing waits at most that.
  loginPerAccount: { free: 5, windowMs: 15 * minute, firstDelayMs: second, maxDelayMs: minute },
  loginPerDevice: { limit: 10, windowMs: 15 * minute },
  // Enough for an office behind one address; far too few to guess passwords across accounts.
  loginPerIp: { limit: 20, windowMs: 15 * minute },
  // A /24 is many homes behind a provider, a /64 one home that can rotate through its addresses.
  loginPerNetwork: { limit: 100, windowMs: 15 * minute },
  passwordChangePerSession: { limit: 5, windowMs: 15 * minute },
  // Each registration costs a deliberately slow hash: this bounds the CPU one address can take, yet
  // leaves room for a classroom, an office or a browser test suite behind one address.
  registerPerIp: { limit: 100, windowMs: 60 * minute },
  // An api_key travels in URLs: ten wrong Client IDs pass for typos, then the key's guesses slow down.
  brokerLoginFailuresPerKey: { free: 10, windowMs: 15 * minute, firstDelayMs: second, maxDelayMs: minute },
  brokerLoginFailuresPerDevice: { limit: 10, windowMs: 15 * minute },
  brokerLoginFailuresPerIp: { limit: 20, windowMs: 15 * minute },
  brokerLoginFailuresPerNetwork: { limit: 100, windowMs: 15 * minute },
  // A trader logs in to the broker once a day; ten tokens in 15 minutes is generous, thirty an office.
  brokerLoginTokensPerAccount: { limit: 10, windowMs: 15 * minute },
  brokerLoginTokensPerIp: { limit: 30, windowMs: 15 * minute },
  // A strategy that alerts on every bar of a one-minute chart, across a few symbols, stays far below this;
  // a sender looping on the address is cut off within a second.
  webhookPerToken: { limit: 30, windowMs: minute },
  // Half of the tighter broker's read rate (Dhan's 20 non-trading requests a second), so a flood of pushes
  // naming a trader leaves the book, positions and funds reads their room. A real burst past it (a sliced
  // order's every state) loses only hints: the order socket and the periodic book read find those changes.
  postbackReadsPerClient: { limit: 10, windowMs: second },
};
