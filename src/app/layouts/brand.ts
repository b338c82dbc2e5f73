import ChartBarIcon from '@heroicons/react/24/outline/ChartBarIcon';
import { defineMessages } from 'react-intl';

/**
 * What the signed-out pages share with the shell. Kept apart from the menu (nav-items.ts) so the first
 * visit to the sign-in page does not download the menu's icons.
 */
export const BrandIcon = ChartBarIcon;

export const shellMessages = defineMessages({
  brand: { id: 'app.brand', defaultMessage: 'StrikeDesk' },
  english: { id: 'app.language.en', defaultMessage: 'English' },
  french: { id: 'app.language.fr', defaultMessage: 'Français' },
});
