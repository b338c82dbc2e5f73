// The one error type the domain raises. Services run inside requests today, and outside them tomorrow
// (the fill engine, the simulator, the bot engine): none of them knows HTTP, so a refusal carries only
// what it means (a stable code), what to tell the trader (the message) and which input field caused it.
// server/http/errors.ts alone decides which status each code answers.
import { notFoundTexts, type MissingThing } from './texts/not-found-texts.ts';
import type { Said } from './texts/said.ts';

export type DomainErrorCode =
  // The input is well-formed by the contract but not usable (a blank name, an unknown broker slug).
  | 'validation_failed'
  | 'unknown_broker'
  | 'broker_mismatch'
  | 'portfolio_mismatch'
  // Missing, or owned by someone else: the two are indistinguishable on purpose.
  | 'not_found'
  | 'invalid_credentials'
  // Conflicts with what is stored.
  | 'email_taken'
  | 'account_exists'
  | 'api_key_taken'
  // A domain rule refused a well-formed request.
  | 'weak_password'
  | 'invalid_current_password'
  | 'capital_exceeded'
  | 'api_secret_unreadable'
  | 'request_token_invalid'
  | 'checksum_invalid'
  | 'live_trading_unavailable'
  | 'risk_limits_required'
  | 'unknown_base_strategy'
  | 'invalid_params'
  | 'lots_above_freeze_limit'
  | 'outside_market_hours'
  | 'entry_not_before_exit'
  // Pausing a bot that holds a position needs the trader's choice: keep managing it, or exit now.
  | 'pause_choice_required'
  // Trading: the instrument is not listed; the broker session is over; the order is final, modified too
  // often, or refused by the exchange's rules; a stop-loss or target that would not reduce the position.
  | 'unknown_instrument'
  | 'broker_session_expired'
  | 'order_not_working'
  | 'modification_limit'
  // A modification that would leave the order as it is (a trigger price on a LIMIT order): refused, and not
  // counted against the order's 25.
  | 'nothing_to_modify'
  | 'order_refused'
  | 'order_not_reducing'
  // The kill switch: entries refused while it is armed; disarming refused during its cool-off, or without
  // the typed confirmation.
  | 'kill_switch_armed'
  | 'kill_switch_cooling_off'
  | 'confirmation_mismatch'
  // An entry that would go past one of the account's risk limits (lots per order, trades today, open positions).
  | 'risk_limit_exceeded'
  // An entry adding to a position in a stock in the F&O ban (over its market-wide position limit) that day.
  | 'security_in_ban'
  // An F&O ban-list file (NSE's fo_secban.csv) refused: unreadable, a day it cannot be, a symbol that is not an
  // F&O stock that day, or another list of a day already held.
  | 'ban_list_refused'
  // Idempotency-Key reused with another body, or while its first request still runs.
  | 'idempotency_key_reused'
  | 'idempotency_in_progress'
  // The broker's order rate limits (Kite: 10 a second, 400 a minute, 5,000 a day per account).
  | 'order_rate_limited'
  // A live broker (Kite): it refused the request with its own message (broker_refused); it could not be
  // reached or failed (broker_unavailable, try again); it may have acted without saying so
  // (broker_outcome_unknown: the order book says what happened; the same Idempotency-Key reconciles it).
  | 'broker_refused'
  | 'broker_unavailable'
  | 'broker_outcome_unknown'
  // A paper account's market (issue 38): a choice that is not the trader's own live account, or made while
  // orders work; the live feed it trades on stopped (logged out, delayed, no tick yet): no fill on an old price; or
  // its broker does not stream the contract (issue 64): no price ever.
  | 'market_choice_refused'
  // A compliance state read or set on a paper account, which has no broker rules (issue 38).
  | 'not_live_account'
  | 'market_orders_working'
  | 'paper_feed_stopped'
  // Kite's historical candles: the account's Kite Connect app has no historical-data add-on (Kite's 403
  // PermissionException); a range in which Kite has no candle at all.
  | 'historical_data_not_enabled'
  | 'no_candles'
  // A broker login for another client ID than the account's; a postback that proves nothing (Kite's checksum).
  | 'broker_account_mismatch'
  | 'login_state_invalid'
  | 'postback_refused'
  // More orders than the broker takes for one request however long one waits: an order sliced into more
  // than 20 (Kite's autoslice), or more orders than a minute's limit.
  | 'too_many_orders'
  // Throttled: `retryAfterSeconds` says when to try again.
  | 'too_many_attempts'
  // Too much work of this kind is running (password hashing): try again after `retryAfterSeconds`.
  | 'server_busy'
  // This trader already has as many live price streams open as one may.
  | 'too_many_streams'
  // A replay (issue 39): another is open (the app confirms, then replaces it); the day is not in market history;
  // a minute outside the session; going back before what the replay's book already did.
  | 'replay_open'
  | 'replay_no_history'
  // A rule the replay's book needs on the day (charges, margins, lot size) is not known that far back.
  | 'replay_rules_unknown'
  | 'replay_outside_session'
  | 'replay_seek_backward'
  // A replay's bot: one runs already (one per replay); the bot trades another index than the replay's.
  | 'replay_bot_attached'
  | 'replay_bot_index'
  // A replay's book is moving between instances (its owner's lease just changed hands): try again in a second.
  | 'replay_moving'
  // A bot's webhook (issue 41): a signature missing or wrong; an alert too old (or dated ahead); the same
  // alert again; a paused bot, or outside its hours; more than the bot allows; an enter while it holds a
  // position, an exit with nothing held, or while another of its actions is on its way.
  | 'signature_invalid'
  | 'alert_stale'
  | 'alert_duplicate'
  | 'bot_not_active'
  | 'outside_bot_hours'
  | 'alert_over_limit'
  | 'bot_in_position'
  | 'nothing_to_exit'
  | 'bot_action_in_progress'
  // Approval from the phone (issue 41): a proposal decided already, past its deadline, or whose prices moved
  // beyond the trader's tolerance since it was proposed.
  | 'proposal_decided'
  | 'proposal_expired'
  | 'proposal_price_moved';

export type DomainErrorOptions = {
  /** The offending input field, dotted for nested ones (orders.0.price). */
  field?: string | undefined;
  /** For throttling refusals: seconds until one more attempt is allowed. */
  retryAfterSeconds?: number | undefined;
  /**
   * The refusal as a coded text, when its words are in the catalogue: the answer carries it in
   * `details.text` and the app says it in the trader's language (the message stays its English).
   */
  text?: Said | undefined;
};

export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: DomainErrorCode;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly text: Said | undefined;

  constructor(code: DomainErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.text = options.text;
  }

  /** A refusal whose words are coded: its message is the Said's English. */
  static said(code: DomainErrorCode, text: Said, options: Omit<DomainErrorOptions, 'text'> = {}): DomainError {
    return new DomainError(code, text.text, { ...options, text });
  }
}

/** Other users' objects are indistinguishable from missing ones: always not_found, never "forbidden". */
export function notFound(thing: MissingThing): DomainError {
  return DomainError.said('not_found', notFoundTexts.thing(thing));
}
