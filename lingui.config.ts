import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// `la` is the spec's key for Lao (menu, localStorage 'locale', cookie 'LA');
// src/i18n maps it to `lo` for Intl, Luxon and plural rules.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['th', 'la', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: ['**/node_modules/**', '<rootDir>/src/server/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
