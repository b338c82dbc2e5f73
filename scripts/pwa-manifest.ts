import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest. Placeholder until the PWA work fills in icons, screenshots and shortcuts. */
export const pwaManifest: Partial<ManifestOptions> = {
  name: 'StrikeDesk',
  short_name: 'StrikeDesk',
};
