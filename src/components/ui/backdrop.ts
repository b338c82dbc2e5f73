/**
 * The dimmed page behind every dialog and drawer. Black at 40 % vanished on the dark theme's near-black
 * surface (the dialog looked as if it had no backdrop), so the dark theme dims much more.
 */
export const backdropClassName = 'fixed inset-0 bg-black/50 dark:bg-black/75';
