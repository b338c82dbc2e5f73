// The refusals of linking, editing and logging in to a broker account (and of a portfolio's capital), said
// twice like every trader's text (said.ts): the Error answer's English, and a code in `details.text` the app
// says in the trader's language. Kite's own words, when it gave some, travel as they are inside the sentence.
import { formatPaise, toPaise, toRupees } from '../brokers/paper/paise.ts';
import { said, type Said } from './said.ts';

/** Rupees as the answer writes them (₹6,00,000.00), the same figure the app formats. */
const rupees = (amount: number) => formatPaise(toPaise(amount));

export const brokerAccountTexts = {
  linkedMeanwhile: said('broker_account.linked_meanwhile', {}, 'This account number or API key was linked by another request at the same time'),
  unknownBroker: (broker: string): Said => said('broker_account.unknown_broker', { broker }, `broker: "${broker}" is not a supported broker`),
  numberLinked: (account: string): Said => said('broker_account.number_linked', { account }, `You have already linked account ${account} with this broker`),
  apiKeyLinked: said(
    'broker_account.api_key_linked',
    {},
    'You have already linked this API key to another of your accounts: each account needs its own API key',
  ),
  /** The account's new capital is below what its portfolios hold. */
  capitalBelowPortfolios: (held: number, capital: number): Said =>
    said(
      'broker_account.capital_below_portfolios',
      { held: toRupees(toPaise(held)), capital: toRupees(toPaise(capital)) },
      `This account's portfolios hold ${rupees(held)}, more than the new capital of ${rupees(capital)}. Lower their capital first.`,
    ),
  /** A portfolio's capital would take the account's portfolios past the account's capital. */
  portfoliosAboveCapital: (total: number, capital: number): Said =>
    said(
      'broker_account.portfolios_above_capital',
      { total: toRupees(toPaise(total)), capital: toRupees(toPaise(capital)) },
      `Portfolios would hold ${rupees(total)} but the account's capital is ${rupees(capital)}`,
    ),
  /** A paper account trades with no broker: no session, limits, algo ID or static IP to show or set. */
  complianceNotLive: said('broker_account.compliance_not_live', {}, 'A paper account trades with no broker: it has no compliance state'),
  compliancePaper: said('broker_account.compliance_paper', {}, 'static_ip and algo_id: only a live account is registered at a broker'),
  wrongBroker: (broker: string, asked: string): Said =>
    said('broker_account.wrong_broker', { broker, asked }, `broker_name: this account is with the "${broker}" broker, not "${asked}"`),
  /** An order or bot naming a portfolio of another account. */
  portfolioNotOfAccount: said('broker_account.portfolio_not_of_account', {}, "portfolio_id: this portfolio is not one of this broker account's portfolios"),
  /** An account whose broker StrikeDesk cannot trade through (yet). */
  tradingUnavailable: (broker: string): Said =>
    said('broker_account.trading_unavailable', { broker }, `Trading through the "${broker}" broker is not available yet`),
  secretUnreadable: said(
    'broker_account.secret_unreadable',
    {},
    "This account's API secret can no longer be read (the server's secret key changed). Edit the account, enter the API secret again, then log in to the broker.",
  ),
};

/** Why a broker login did not open a session. */
export const brokerLoginTexts = {
  /** The paper broker's login link, used or past its 5 minutes. */
  linkExpired: said('broker_login.link_expired', {}, "This broker login expired, was already used, or was made with a Client ID that is not this account's number. Log in to the broker again."),
  paperChecksum: said(
    'broker_login.paper_checksum',
    {},
    "The broker refused the login: the account's API secret is not the one it knows. Check the API secret, then log in to the broker again.",
  ),
  kiteChecksum: said(
    'broker_login.kite_checksum',
    {},
    "Kite refused the login: the account's API secret is not the one Kite knows. Check the API secret, then log in to the broker again.",
  ),
  kiteLinkExpired: said('broker_login.kite_link_expired', {}, 'This Kite login has expired or was already used. Log in to the broker again.'),
  /** `kite`: Kite's own message, as it wrote it. */
  kiteRefused: (kite: string): Said => said('broker_login.kite_refused', { kite }, `Kite refused the login: ${kite}`),
  kiteUnreachable: (detail: string): Said =>
    said('broker_login.kite_unreachable', { detail }, `Kite could not be reached to finish the login (${detail}). Log in to the broker again in a moment.`),
  /** `broker`: the broker's short name ("Kite", "Upstox"); Upstox's client ID is the UCC. */
  clientIdMismatch: (broker: string, clientId: string, account: string): Said =>
    said(
      'broker_login.client_id_mismatch',
      { broker, client_id: clientId, account },
      `${broker} logged in client ID ${clientId}, but this account is ${account}. Log in to ${broker} with ${account}, or link ${clientId} as its own account.`,
    ),
  /** The state that came back is not this trader's login link of this account, or it was used or expired. */
  stateInvalid: said(
    'broker_login.state_invalid',
    {},
    'This broker login was not started for this account from StrikeDesk, or it expired or was already used. Log in to the broker again.',
  ),
  /** `upstox`: Upstox's own message (a used or expired code, a wrong secret or redirect URL). */
  upstoxRefused: (upstox: string): Said =>
    said(
      'broker_login.upstox_refused',
      { upstox },
      `Upstox refused the login: ${upstox} The code may have been used or expired, or the account's API secret or redirect URL is not the one Upstox knows. Log in to the broker again.`,
    ),
  upstoxUnreachable: (detail: string): Said =>
    said('broker_login.upstox_unreachable', { detail }, `Upstox could not be reached to finish the login (${detail}). Log in to the broker again in a moment.`),
  /** `dhan`: Dhan's own message (a used or expired tokenId, a wrong app id or secret). */
  dhanRefused: (dhan: string): Said =>
    said(
      'broker_login.dhan_refused',
      { dhan },
      `Dhan refused the login: ${dhan} The login may have been used or expired, or the account's API key (app id) or secret is not the one Dhan knows. Log in to the broker again.`,
    ),
  dhanUnreachable: (detail: string): Said =>
    said('broker_login.dhan_unreachable', { detail }, `Dhan could not be reached to finish the login (${detail}). Log in to the broker again in a moment.`),
  /** A Noren broker's (Shoonya's, Flattrade's) own message: a used or expired code, a checksum it refused. */
  norenRefused: (broker: string, words: string): Said =>
    said(
      'broker_login.noren_refused',
      { broker, words },
      `${broker} refused the login: ${words}. The code may have been used or expired, or the account's API key or secret is not the one ${broker} knows. Log in to the broker again.`,
    ),
  norenUnreachable: (broker: string, detail: string): Said =>
    said('broker_login.noren_unreachable', { broker, detail }, `${broker} could not be reached to finish the login (${detail}). Log in to the broker again in a moment.`),
};
