/**
 * Brokers by name in the trader's language, looked up by slug (the server's `display_name` is English).
 * A broker the app does not know yet shows the server's display name, else its slug.
 */
import { defineMessage, defineMessages, type IntlShape, type MessageDescriptor, type MessageValue } from 'react-intl';
import type { Broker } from '@/features/brokers/api/broker-types';

const names = defineMessages({
  paper: { id: 'brokers.name.paper', defaultMessage: 'Paper broker (simulated)' },
  kite: { id: 'brokers.name.kite', defaultMessage: 'Zerodha (Kite Connect)' },
  upstox: { id: 'brokers.name.upstox', defaultMessage: 'Upstox' },
  dhan: { id: 'brokers.name.dhan', defaultMessage: 'Dhan' },
  shoonya: { id: 'brokers.name.shoonya', defaultMessage: 'Shoonya (Finvasia)' },
  flattrade: { id: 'brokers.name.flattrade', defaultMessage: 'Flattrade' },
});

// Notifications keep descriptors (they are formatted when shown, in the language then on screen), so the
// broker's name is part of the message rather than a value translated now.
const loggedInTo = defineMessages({
  paper: { id: 'brokers.loggedIn.paper', defaultMessage: 'Logged in to Paper broker (simulated)' },
  kite: { id: 'brokers.loggedIn.kite', defaultMessage: 'Logged in to Zerodha (Kite Connect)' },
  upstox: { id: 'brokers.loggedIn.upstox', defaultMessage: 'Logged in to Upstox' },
  dhan: { id: 'brokers.loggedIn.dhan', defaultMessage: 'Logged in to Dhan' },
  shoonya: { id: 'brokers.loggedIn.shoonya', defaultMessage: 'Logged in to Shoonya (Finvasia)' },
  flattrade: { id: 'brokers.loggedIn.flattrade', defaultMessage: 'Logged in to Flattrade' },
});

const loggedInToOther = defineMessage<{ broker: MessageValue }>({
  id: 'brokers.loggedIn',
  defaultMessage: 'Logged in to {broker}',
});

function lookup(table: Readonly<Record<string, MessageDescriptor>>, slug: string): MessageDescriptor | undefined {
  return Object.hasOwn(table, slug) ? table[slug] : undefined;
}

/** Slugs the app has words for (tests check every broker the server ships is among them). */
export const knownBrokerSlugs: readonly string[] = Object.keys(names);

export function brokerName(slug: string, brokers: readonly Broker[], intl: IntlShape): string {
  const message = lookup(names, slug);
  if (message) return intl.formatMessage(message);
  return brokers.find((broker) => broker.name === slug)?.display_name ?? slug;
}

/** The "logged in" notification's title and values for this broker. */
export function loggedInNotice(slug: string, brokers: readonly Broker[]): { title: MessageDescriptor; values?: Record<string, string> } {
  const message = lookup(loggedInTo, slug);
  if (message) return { title: message };
  return { title: loggedInToOther, values: { broker: brokers.find((broker) => broker.name === slug)?.display_name ?? slug } };
}
