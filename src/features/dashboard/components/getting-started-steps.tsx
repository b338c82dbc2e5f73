import LinkIcon from '@heroicons/react/24/outline/LinkIcon';
import RocketLaunchIcon from '@heroicons/react/24/outline/RocketLaunchIcon';
import Squares2X2Icon from '@heroicons/react/24/outline/Squares2X2Icon';
import { useId } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';

const messages = defineMessages({
  heading: { id: 'dashboard.stepsHeading', defaultMessage: 'Getting started' },
  brokerTitle: { id: 'dashboard.brokerStepTitle', defaultMessage: 'Link a broker account' },
  brokerText: {
    id: 'dashboard.brokerStepText',
    defaultMessage: 'Add your broker account and log in to it. Every portfolio and bot lives under it.',
  },
  brokerLink: { id: 'dashboard.brokerStepLink', defaultMessage: 'Go to broker accounts' },
  portfolioTitle: { id: 'dashboard.portfolioStepTitle', defaultMessage: 'Create a portfolio' },
  portfolioText: {
    id: 'dashboard.portfolioStepText',
    defaultMessage: 'Group the bots of one account into a portfolio, for example one per strategy or per index.',
  },
  portfolioLink: { id: 'dashboard.portfolioStepLink', defaultMessage: 'Go to portfolios' },
  botsTitle: { id: 'dashboard.botsStepTitle', defaultMessage: 'Add bots' },
  botsText: {
    id: 'dashboard.botsStepText',
    defaultMessage:
      'Add a trading bot or a daily bot to the portfolio, choose its base strategy and let it run in paper mode first.',
  },
});

type Step = {
  icon: typeof LinkIcon;
  title: MessageDescriptor;
  text: MessageDescriptor;
  link?: { to: string; label: MessageDescriptor };
};

// Features cannot import the app's path constants, so the two targets are spelled out here.
const steps: Step[] = [
  { icon: LinkIcon, title: messages.brokerTitle, text: messages.brokerText, link: { to: '/app/broker', label: messages.brokerLink } },
  {
    icon: Squares2X2Icon,
    title: messages.portfolioTitle,
    text: messages.portfolioText,
    link: { to: '/app/portfolio', label: messages.portfolioLink },
  },
  // Bots are added inside a portfolio, so this step has no screen of its own to link to.
  { icon: RocketLaunchIcon, title: messages.botsTitle, text: messages.botsText },
];

export function GettingStartedSteps() {
  const intl = useIntl();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold text-fg">
        {intl.formatMessage(messages.heading)}
      </h2>
      <ol className="grid gap-3 lg:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title.id} className="flex gap-3 rounded-lg border border-line bg-surface p-4">
            <span
              aria-hidden
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand"
            >
              {intl.formatNumber(index + 1)}
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <h3 className="flex items-center gap-2 text-sm font-semibold text-fg">
                <step.icon className="size-5 shrink-0 text-fg-muted" aria-hidden />
                {intl.formatMessage(step.title)}
              </h3>
              <p className="text-sm leading-6 text-fg-muted">{intl.formatMessage(step.text)}</p>
              {step.link ? (
                <Link to={step.link.to} className="mt-1 text-sm font-medium text-brand underline-offset-4 hover:underline">
                  {intl.formatMessage(step.link.label)}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
