/**
 * What the account form says for each live broker, in the trader's language: what its client ID is called,
 * and where to register StrikeDesk's redirect and postback URLs (broker-console.tsx). A broker without words
 * here (the paper broker) shows neither.
 */
import { defineMessage, defineMessages, type TypedMessageDescriptor } from 'react-intl';
import type { AddressProblem } from '@/features/brokers/public-address';

type Plain = TypedMessageDescriptor<Record<never, never>>;
type Warning = TypedMessageDescriptor<{ problem: AddressProblem }>;

export type LiveBrokerWords = {
  clientId: Plain;
  clientIdHint: Plain;
  consoleTitle: Plain;
  consoleSteps: Plain;
  redirectWarning: Warning;
  postbackWarning: Warning;
};

const kite = defineMessages({
  clientId: { id: 'brokers.field.zerodhaClientId', defaultMessage: 'Zerodha client ID' },
  clientIdHint: { id: 'brokers.field.zerodhaClientIdHint', defaultMessage: 'The ID you log in to Kite with, e.g. AB1234.' },
  consoleTitle: { id: 'brokers.kite.title', defaultMessage: 'Register StrikeDesk in the Kite developer console' },
  consoleSteps: {
    id: 'brokers.kite.steps',
    defaultMessage:
      'At developers.kite.trade, create a Kite Connect app with these two URLs, then enter the app’s API key and API secret below. Zerodha sends you back to the redirect URL after you log in, and your order updates to the postback URL.',
  },
});

const upstox = defineMessages({
  clientId: { id: 'brokers.field.upstoxClientId', defaultMessage: 'Upstox UCC' },
  clientIdHint: { id: 'brokers.field.upstoxClientIdHint', defaultMessage: 'The UCC (client code) you log in to Upstox with, e.g. AB1234.' },
  consoleTitle: { id: 'brokers.upstox.title', defaultMessage: 'Register StrikeDesk in Upstox’s developer apps' },
  consoleSteps: {
    id: 'brokers.upstox.steps',
    defaultMessage:
      'At account.upstox.com/developer/apps, create an app with these two URLs, then enter the app’s API key and API secret below. Upstox sends you back to the redirect URL after you log in, and your order updates to the postback URL.',
  },
});

const dhan = defineMessages({
  clientId: { id: 'brokers.field.dhanClientId', defaultMessage: 'Dhan client ID' },
  clientIdHint: { id: 'brokers.field.dhanClientIdHint', defaultMessage: 'The client ID of your Dhan account (My Profile on web.dhan.co), e.g. 1000000001.' },
  consoleTitle: { id: 'brokers.dhan.title', defaultMessage: 'Register StrikeDesk in Dhan’s API settings' },
  consoleSteps: {
    id: 'brokers.dhan.steps',
    defaultMessage:
      'On web.dhan.co, under My Profile, Access DhanHQ APIs, generate an API key and secret with these two URLs, then enter the key (app id) and secret below. Dhan sends you back to the redirect URL after you log in, and your order updates to the postback URL.',
  },
});

const shoonya = defineMessages({
  clientId: { id: 'brokers.field.shoonyaUserId', defaultMessage: 'Shoonya user ID' },
  clientIdHint: { id: 'brokers.field.shoonyaUserIdHint', defaultMessage: 'The user ID you log in to Shoonya with, e.g. FA12345.' },
  consoleTitle: { id: 'brokers.shoonya.title', defaultMessage: 'Register StrikeDesk in Shoonya’s API settings' },
  consoleSteps: {
    id: 'brokers.shoonya.steps',
    defaultMessage:
      'In Shoonya’s API key settings (prism.shoonya.com), register an OAuth app with this redirect URL, then enter its client ID as the API key and its secret below. Shoonya sends you back to the redirect URL after you log in. StrikeDesk reads your orders itself: the postback URL is not used.',
  },
});

const flattrade = defineMessages({
  clientId: { id: 'brokers.field.flattradeClientId', defaultMessage: 'Flattrade client ID' },
  clientIdHint: { id: 'brokers.field.flattradeClientIdHint', defaultMessage: 'The client ID you log in to Flattrade with, e.g. FT012345.' },
  consoleTitle: { id: 'brokers.flattrade.title', defaultMessage: 'Register StrikeDesk in Flattrade’s Pi API settings' },
  consoleSteps: {
    id: 'brokers.flattrade.steps',
    defaultMessage:
      'In Flattrade’s wall (wall.flattrade.in, Pi, Create new API key), create a key with this redirect URL, then enter the API key and secret below. Flattrade sends you back to the redirect URL after you log in. StrikeDesk reads your orders itself: the postback URL is not used.',
  },
});

const norenRedirectWarning = defineMessage<{ problem: AddressProblem }>({
  id: 'brokers.noren.redirectWarning',
  defaultMessage:
    'The broker needs a public https address here. {problem, select, local {This one is reachable only from this computer or its network: logging in works only in a browser there.} other {This one is not https: the broker would send your login code unencrypted.}} Serve StrikeDesk at a public https address to log in from anywhere.',
});
const norenPostbackWarning = defineMessage<{ problem: AddressProblem }>({
  id: 'brokers.noren.postbackWarning',
  defaultMessage:
    'StrikeDesk takes no postbacks from this broker: {problem, select, local {this address is reachable only from this computer or its network anyway.} other {this address is not https anyway.}} Order updates come from StrikeDesk’s own reads of your orders.',
});

// Each broker needs public https addresses: said beside each URL that is not one, with what it costs.
const kiteRedirectWarning = defineMessage<{ problem: AddressProblem }>({
  id: 'brokers.kite.redirectWarning',
  defaultMessage:
    'Kite needs a public https address here. {problem, select, local {This one is reachable only from this computer or its network: logging in to Kite works only in a browser there.} other {This one is not https: Zerodha would send your request token unencrypted.}} Serve StrikeDesk at a public https address to log in from anywhere.',
});
const kitePostbackWarning = defineMessage<{ problem: AddressProblem }>({
  id: 'brokers.kite.postbackWarning',
  defaultMessage:
    'Kite needs a public https address here: it posts your order updates from the internet. {problem, select, local {This one is reachable only from this computer or its network, so no postback will arrive.} other {This one is not https.}} Until StrikeDesk is served at one, order updates come only from Kite’s ticker and StrikeDesk’s own reads of your orders.',
});
const upstoxRedirectWarning = defineMessage<{ problem: AddressProblem }>({
  id: 'brokers.upstox.redirectWarning',
  defaultMessage:
    'Upstox needs a public https address here. {problem, select, local {This one is reachable only from this computer or its network: logging in to Upstox works only in a browser there.} other {This one is not https: Upstox would send your login code unencrypted.}} Serve StrikeDesk at a public https address to log in from anywhere.',
});
const upstoxPostbackWarning = defineMessage<{ problem: AddressProblem }>({
  id: 'brokers.upstox.postbackWarning',
  defaultMessage:
    'Upstox needs a public https address here: it posts your order updates from the internet. {problem, select, local {This one is reachable only from this computer or its network, so no postback will arrive.} other {This one is not https.}} Until StrikeDesk is served at one, order updates come only from StrikeDesk’s own reads of your orders.',
});

const dhanRedirectWarning = defineMessage<{ problem: AddressProblem }>({
  id: 'brokers.dhan.redirectWarning',
  defaultMessage:
    'Dhan needs a public https address here. {problem, select, local {This one is reachable only from this computer or its network: logging in to Dhan works only in a browser there.} other {This one is not https: Dhan would send your login token id unencrypted.}} Serve StrikeDesk at a public https address to log in from anywhere.',
});
const dhanPostbackWarning = defineMessage<{ problem: AddressProblem }>({
  id: 'brokers.dhan.postbackWarning',
  defaultMessage:
    'Dhan needs a public https address here: it posts your order updates from the internet. {problem, select, local {This one is reachable only from this computer or its network, so no postback will arrive.} other {This one is not https.}} Until StrikeDesk is served at one, order updates come only from Dhan’s order socket and StrikeDesk’s own reads of your orders.',
});

const words: Readonly<Record<string, LiveBrokerWords>> = {
  kite: { ...kite, redirectWarning: kiteRedirectWarning, postbackWarning: kitePostbackWarning },
  upstox: { ...upstox, redirectWarning: upstoxRedirectWarning, postbackWarning: upstoxPostbackWarning },
  dhan: { ...dhan, redirectWarning: dhanRedirectWarning, postbackWarning: dhanPostbackWarning },
  shoonya: { ...shoonya, redirectWarning: norenRedirectWarning, postbackWarning: norenPostbackWarning },
  flattrade: { ...flattrade, redirectWarning: norenRedirectWarning, postbackWarning: norenPostbackWarning },
};

/** The live broker's words, or null for a broker that has none (the paper broker). */
export function liveBrokerWords(broker: string): LiveBrokerWords | null {
  return Object.hasOwn(words, broker) ? words[broker]! : null;
}
