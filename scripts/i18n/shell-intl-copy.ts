import type { Plugin } from 'vite';

/** The one module that builds the signed-in screens' intl object (every formatter). */
const FULL_INTL_MODULE = /\/src\/i18n\/full-intl-provider\.tsx$/;

/**
 * Gives the signed-in shell its own copy of @formatjs/intl (react-intl's formatting core), so that the first
 * visit's entry carries only the part the public pages use (issue 24: the first visit).
 *
 * @formatjs/intl is one bundled file, and a bundler puts a module in one chunk whole: its message formatting is
 * in the entry (the public pages' intl, src/i18n/message-intl.ts), so createIntl, with its date, number, list,
 * plural, relative-time, duration and display-name formatters, would sit in the entry as well if the shell took
 * it from there. Imported from full-intl-provider.tsx, the same file resolves to a module of its own (a query
 * on its path), which only the shell's chunk loads: the same library at the same version, bundled twice (the
 * entry about 1.8 KB smaller, the shell about 3 KB larger). Both copies are stateless functions; the app
 * tells intl errors apart by their `code`, never by class.
 */
export const shellIntlCopy = (): Plugin => ({
  name: 'strikedesk:shell-intl-copy',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (source !== '@formatjs/intl' || importer === undefined || !FULL_INTL_MODULE.test(importer)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved === null ? null : `${resolved.id}?signed-in-shell`;
  },
});
