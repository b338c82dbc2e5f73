import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { SetupStep } from '@/app/getting-started/setup-progress';
import { APP_BASE } from '@/app/router/paths';

// Ids stay in the dashboard's namespace: these are the dashboard's words, also used by live trade.
const messages = defineMessages({
  linkTitle: { id: 'dashboard.brokerStepTitle', defaultMessage: 'Link a broker account' },
  linkText: {
    id: 'dashboard.brokerStepText',
    defaultMessage: 'Add your broker account with its API key and secret. Every portfolio and bot lives under it.',
  },
  loginTitle: { id: 'dashboard.loginStepTitle', defaultMessage: 'Log in to your broker' },
  loginText: {
    id: 'dashboard.loginStepText',
    defaultMessage: 'Log in from Broker accounts each trading day: a broker session ends at 06:00 IST the next morning.',
  },
  portfolioTitle: { id: 'dashboard.portfolioStepTitle', defaultMessage: 'Create a portfolio' },
  portfolioText: {
    id: 'dashboard.portfolioStepText',
    defaultMessage: 'Group the bots of one account into a portfolio, for example one per strategy or per index.',
  },
  botTitle: { id: 'dashboard.botsStepTitle', defaultMessage: 'Add a bot' },
  botText: {
    id: 'dashboard.botsStepText',
    defaultMessage: 'Add a trading bot or a daily bot to a portfolio, choose its base strategy and let it run in paper mode.',
  },
  brokersLink: { id: 'dashboard.brokerStepLink', defaultMessage: 'Go to broker accounts' },
  portfoliosLink: { id: 'dashboard.portfolioStepLink', defaultMessage: 'Go to portfolios' },
});

export const setupMessages = defineMessages({
  heading: { id: 'dashboard.stepsHeading', defaultMessage: 'Getting started' },
  done: { id: 'dashboard.stepDone', defaultMessage: 'Done' },
  next: { id: 'dashboard.stepNext', defaultMessage: 'Next step' },
  loading: { id: 'dashboard.setupLoading', defaultMessage: 'Checking your setup…' },
  failed: { id: 'dashboard.setupFailed', defaultMessage: 'Your setup could not be checked.' },
});

export type StepText = { title: MessageDescriptor; text: MessageDescriptor; link: { to: string; label: MessageDescriptor } };

// The router's paths for these screens (src/app/router/routes.tsx).
const BROKERS = `${APP_BASE}/broker`;
const PORTFOLIOS = `${APP_BASE}/portfolio`;

export const stepText: Record<SetupStep, StepText> = {
  'link-account': { title: messages.linkTitle, text: messages.linkText, link: { to: BROKERS, label: messages.brokersLink } },
  'log-in': { title: messages.loginTitle, text: messages.loginText, link: { to: BROKERS, label: messages.brokersLink } },
  'create-portfolio': {
    title: messages.portfolioTitle,
    text: messages.portfolioText,
    link: { to: PORTFOLIOS, label: messages.portfoliosLink },
  },
  'add-bot': { title: messages.botTitle, text: messages.botText, link: { to: PORTFOLIOS, label: messages.portfoliosLink } },
};
