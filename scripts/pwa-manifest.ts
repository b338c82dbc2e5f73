import type { ManifestOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest (vite.config.ts hands it to vite-plugin-pwa). The PNGs it names are made by
 * `npm run make:assets` (scripts/make-assets.ts) and committed under public/.
 */

type Icon = ManifestOptions['icons'][number];

const png = (src: string, size: number, purpose: 'any' | 'maskable' = 'any'): Icon => ({
  src,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
});

const shortcutIcon = (name: string): Icon[] => [png(`/shortcuts/${name}-96.png`, 96)];

export const pwaManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'StrikeDesk — options trading',
  short_name: 'StrikeDesk',
  description:
    'Options trading for Indian retail traders: broker accounts, portfolios, bots, live positions, order book and market analytics.',
  start_url: '/app/dashboards/default',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#1d4ed8',
  background_color: '#f4f6fa',
  categories: ['finance'],
  lang: 'en',
  // The app switches language and direction at run time; 'auto' lets the browser follow the text.
  // vite-plugin-pwa's type only lists 'ltr' | 'rtl', although the manifest spec allows 'auto'.
  dir: 'auto' as ManifestOptions['dir'],
  icons: [
    png('/icon-192.png', 192),
    png('/icon-512.png', 512),
    // A separate maskable icon: the mark sits inside the 80 % safe zone on a full-bleed background.
    png('/icon-maskable-512.png', 512, 'maskable'),
  ],
  screenshots: [
    {
      src: '/screenshots/narrow.png',
      sizes: '720x1280',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'StrikeDesk on a phone',
    },
    {
      src: '/screenshots/wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'StrikeDesk on a wide screen',
    },
  ],
  shortcuts: [
    { name: 'Positions', short_name: 'Positions', url: '/app/position', icons: shortcutIcon('positions') },
    { name: 'Order book', short_name: 'Orders', url: '/app/order_book', icons: shortcutIcon('order-book') },
    {
      name: 'Live trade',
      short_name: 'Live',
      url: '/app/dashboards/live-trade',
      icons: shortcutIcon('live-trade'),
    },
    {
      // Opens the app with the kill switch's confirmation: trading needs the trader's tap there.
      name: 'Kill switch',
      short_name: 'Kill switch',
      url: '/app/dashboards/default?kill-switch=arm',
      icons: shortcutIcon('kill-switch'),
    },
  ],
};
