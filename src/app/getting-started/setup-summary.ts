import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { SetupStep } from '@/app/getting-started/setup-progress';

const messages = defineMessages({
  link: { id: 'dashboard.summary.link', defaultMessage: 'Start by linking a broker account: every portfolio and bot lives under it.' },
  login: {
    id: 'dashboard.summary.login',
    defaultMessage: 'Your broker account is linked. Log in to your broker to open today’s session.',
  },
  portfolio: { id: 'dashboard.summary.portfolio', defaultMessage: 'You are logged in to your broker. Create a portfolio to group your bots.' },
  bot: { id: 'dashboard.summary.bot', defaultMessage: 'Your portfolio is ready. Add a bot to it.' },
  done: {
    id: 'dashboard.summary.done',
    defaultMessage:
      'You are set up: a broker account logged in, a portfolio and a bot in paper mode. Your day is below.',
  },
});

/** One sentence on where the trader stands, following what they have (never a step they already did). */
export function setupSummary(next: SetupStep | null): MessageDescriptor {
  switch (next) {
    case 'link-account':
      return messages.link;
    case 'log-in':
      return messages.login;
    case 'create-portfolio':
      return messages.portfolio;
    case 'add-bot':
      return messages.bot;
    case null:
      return messages.done;
  }
}
