// ESLint flat config. Besides the usual TypeScript and React-hooks rules, it enforces the layering of
// ARCHITECTURE.md with plain `no-restricted-imports` zones built from the folder list, so a new feature
// folder is covered without editing this file.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const noClimbing = { group: ['../*', '../**'], message: 'Import with @/… instead of climbing with ../' };
const noServer = { group: ['**/server/**', '**/server'], message: 'src/ and sw/ never import server/.' };
const serverNoPwa = { group: ['**/src/**', '**/sw/**', '@/*'], message: 'server/ never imports src/ or sw/.' };
const servicesNoHttp = { group: ['**/http/**', '**/http', 'fastify', '@fastify/*'], message: 'Services raise DomainError; only server/http knows HTTP.' };
const analysisDoor = {
  group: ['**/analysis/replay/**', '**/analysis/backtests/**', '**/analysis/book-services.ts'],
  message: 'Replays and backtests are one module: import it through its door, services/analysis/index.ts.',
};
// An icon set's index imports every icon: the build then counts each as used by every page that imports the
// index, and cannot group the signed-in shell's modules apart from the public pages' (scripts/signed-in-chunks.ts).
const noIconIndex = { regex: '^@heroicons/react/\\d+/(solid|outline)$', message: 'Import each icon from its own file (@heroicons/react/24/outline/XMarkIcon).' };

/** One rule per zone: `extra` patterns come on top of the ones every file in src/ obeys. */
function zone(files, ...extra) {
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [noClimbing, noServer, noIconIndex, ...extra] }] },
  };
}

export default tseslint.config(
  { ignores: ['.tmp/**', 'dist/**', 'node_modules/**', 'openapi/*.d.ts', 'test-results/**', 'playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, formatjs },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{aria-label,aria-description,title,alt,placeholder,label}']] } },
      ],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/no-invalid-icu': 'error',
      'formatjs/no-multiple-whitespaces': 'error',
      'formatjs/no-emoji': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use a string union instead of an enum.' },
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Never render server text as HTML.',
        },
      ],
    },
  },
  // Shared code (components, lib, i18n) never knows a feature or the app.
  zone(['src/components/**', 'src/lib/**', 'src/i18n/**'], {
    group: ['@/features/*', '@/app/*'],
    message: 'Shared code never imports features or app.',
  }),
  // Features never import each other nor the app.
  ...features.map((feature) =>
    zone([`src/features/${feature}/**`], {
      group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '@/app/*'],
      message: 'Features never import each other or app/; compose them in src/app.',
    }),
  ),
  zone(['src/app/**', 'src/main.tsx']),
  // The service worker stands alone: no app code, no server code. Only the app's catalogues, which are data:
  // it says pushes in the trader's language with the app's own words (sw/push-text.ts).
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noClimbing, noServer, { regex: '^@/(?!i18n/locales/.+\\.json$)', message: 'sw/ never imports the app (only its catalogues).' }] },
      ],
    },
  },
  // The server never imports the PWA or the service worker; the analysis module (replays, backtests) only
  // through its door (server/services/analysis/index.ts).
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNoPwa, analysisDoor] }],
    },
  },
  // quant/ is pure option maths shared by the server and the PWA: no I/O, no dependency, nothing of either.
  {
    files: ['quant/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./[\\w-]+\\.ts$)', message: 'quant/ imports only its own files.' }] }],
    },
  },
  // Services speak the domain: they raise DomainError and never know the transport (server/http).
  {
    files: ['server/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [serverNoPwa, servicesNoHttp, analysisDoor],
        },
      ],
    },
  },
  // Inside analysis: its own files, never the services root above it (the root hands in what a book needs).
  {
    files: ['server/services/analysis/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNoPwa, servicesNoHttp, { group: ['**/services.ts'], message: 'analysis/ never imports the services root; it is handed what it needs (book-services.ts).' }] }],
    },
  },
  {
    files: ['eslint.config.js', 'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts', 'stryker.config.mjs', 'tests/mutation/vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
