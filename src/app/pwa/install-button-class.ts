/** The install button's look, shared by the button and the iOS hint's (ios-install-hint.tsx, loaded later). */
export const installButtonClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 text-sm font-semibold text-brand hover:bg-brand-soft';
