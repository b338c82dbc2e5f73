import { Outlet } from 'react-router-dom';
import { BrandIcon } from '@/app/layouts/nav-items';
import { QuickPreferences } from '@/app/layouts/quick-preferences';

/**
 * The layout of the public pages (sign-in, registration, error): no menu, the brand, and the two
 * preferences a visitor may want before signing in (language and theme). Kept light: it is on the first
 * visit's critical path.
 */
export function MinimalLayout() {
  return (
    <div className="flex min-h-dvh flex-col pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]">
      <header className="flex h-header items-center justify-between gap-2 px-4">
        <span className="flex items-center gap-2 text-lg font-semibold">
          <BrandIcon className="size-7 text-brand" aria-hidden="true" />
          StrikeDesk
        </span>
        <QuickPreferences />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center">
        <Outlet />
      </main>
    </div>
  );
}
