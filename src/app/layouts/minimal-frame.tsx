import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { BrandIcon, shellMessages } from '@/app/layouts/brand';
import { QuickPreferences } from '@/app/layouts/quick-preferences';

/**
 * The frame of the public pages (sign-in, registration, error): no menu, the brand, and the two
 * preferences a visitor may want before signing in (language and theme). Kept light: it is on the first
 * visit's critical path, where it frames the page without a router (app/public-pages.tsx).
 */
export function MinimalFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="flex min-h-dvh flex-col safe-area-pt safe-area-pb">
      <header className="flex h-header items-center justify-between gap-2 safe-area-px [--safe-area-min:1rem]">
        <span className="flex items-center gap-2 text-lg font-semibold">
          <BrandIcon className="size-7 text-brand" aria-hidden="true" />
          {intl.formatMessage(shellMessages.brand)}
        </span>
        <QuickPreferences />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center">
        {children}
      </main>
    </div>
  );
}
