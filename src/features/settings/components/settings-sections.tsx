import KeyIcon from '@heroicons/react/24/outline/KeyIcon';
import AdjustmentsHorizontalIcon from '@heroicons/react/24/outline/AdjustmentsHorizontalIcon';
import UserCircleIcon from '@heroicons/react/24/outline/UserCircleIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';

const messages = defineMessages({
  profileTitle: { id: 'settings.profileEmptyTitle', defaultMessage: 'Editing your profile is not available yet' },
  profileDescription: {
    id: 'settings.profileEmptyDescription',
    defaultMessage: 'You will update your name, email and mobile number here. It arrives with accounts.',
  },
  passwordTitle: { id: 'settings.passwordEmptyTitle', defaultMessage: 'Changing your password is not available yet' },
  passwordDescription: {
    id: 'settings.passwordEmptyDescription',
    defaultMessage: 'You will change your password here after confirming your current one. It arrives with accounts.',
  },
  tradeDefaultsTitle: { id: 'settings.tradeDefaultsEmptyTitle', defaultMessage: 'Trade defaults are not available yet' },
  tradeDefaultsDescription: {
    id: 'settings.tradeDefaultsEmptyDescription',
    defaultMessage:
      'You will set what every new order starts from here: product (MIS or NRML), order type and quantity in lots. They arrive with accounts.',
  },
});

export function ProfileSection() {
  const intl = useIntl();
  return (
    <EmptyState
      icon={UserCircleIcon}
      title={intl.formatMessage(messages.profileTitle)}
      description={intl.formatMessage(messages.profileDescription)}
    />
  );
}

export function PasswordSection() {
  const intl = useIntl();
  return (
    <EmptyState
      icon={KeyIcon}
      title={intl.formatMessage(messages.passwordTitle)}
      description={intl.formatMessage(messages.passwordDescription)}
    />
  );
}

export function TradeDefaultsSection() {
  const intl = useIntl();
  return (
    <EmptyState
      icon={AdjustmentsHorizontalIcon}
      title={intl.formatMessage(messages.tradeDefaultsTitle)}
      description={intl.formatMessage(messages.tradeDefaultsDescription)}
    />
  );
}
