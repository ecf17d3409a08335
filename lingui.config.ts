import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Several catalogues per language, so that a page fetches only the texts it
 * can show (docs/decisions/0013-login-budget-120-kb.md). `public` holds the texts
 * of every file not listed below and is loaded at start. Each later catalogue
 * holds the texts of its `files` and is loaded by `loadedBy` (a route's loader,
 * or the module that imports those files on demand) before they render.
 * A message used in several places is extracted into each catalogue whose
 * files use it. scripts/i18n-check.ts fails when a file outside a catalogue
 * imports one of its files (other than `loadedBy` and the generated route tree).
 */
export const LATER_CATALOGUES = {
  member: {
    loadedBy: '<rootDir>/src/routes/_member.tsx',
    files: [
      '<rootDir>/src/routes/_member.tsx',
      '<rootDir>/src/routes/_member',
      '<rootDir>/src/features/home',
      '<rootDir>/src/features/transfer',
      '<rootDir>/src/features/withdraw',
      '<rootDir>/src/features/game-account',
      '<rootDir>/src/features/money',
      '<rootDir>/src/features/deposit',
      '<rootDir>/src/features/statement',
      '<rootDir>/src/features/profile',
      '<rootDir>/src/features/bonus',
      '<rootDir>/src/features/wheel',
      '<rootDir>/src/features/rewards',
      '<rootDir>/src/features/shell/MemberShell.tsx',
      '<rootDir>/src/features/shell/ConditionsDialog.tsx',
      '<rootDir>/src/features/shell/Connectivity.tsx',
      '<rootDir>/src/features/app-update',
    ],
  },
  registration: {
    loadedBy: '<rootDir>/src/routes/_public/register.tsx',
    files: ['<rootDir>/src/features/registration'],
  },
  howto: {
    loadedBy: '<rootDir>/src/routes/_public/howto.tsx',
    files: ['<rootDir>/src/features/howto'],
  },
  // The chat widget (spec 2): loaded with the widget's chunk, by the contact pages' launcher.
  chat: {
    loadedBy: '<rootDir>/src/features/contact/ChatLauncher.tsx',
    files: ['<rootDir>/src/features/chat'],
  },
  // The agent inbox and the operators' pages under /ops (docs/decisions/0106-chat-widget-and-inbox.md): members never load them.
  ops: {
    loadedBy: '<rootDir>/src/features/ops/OpsArea.tsx',
    files: ['<rootDir>/src/routes/ops', '<rootDir>/src/features/ops'],
  },
  // Half of all messages: the texts of error and status codes.
  errors: {
    loadedBy: '<rootDir>/src/features/errors/message-text.tsx',
    files: ['<rootDir>/src/features/errors/messages.ts'],
  },
} as const satisfies Record<string, { loadedBy: string; files: readonly string[] }>;

export type LaterCatalogue = keyof typeof LATER_CATALOGUES;
export const CATALOGUE_NAMES = ['public', ...(Object.keys(LATER_CATALOGUES) as LaterCatalogue[])];

/** Exclude patterns are globs: a folder needs its contents matched. */
const asGlobs = (paths: readonly string[]) => paths.flatMap((path) => [path, `${path}/**`]);

// `la` is the spec's key for Lao (menu, localStorage 'locale', cookie 'LA');
// src/i18n maps it to `lo` for Intl, Luxon and plural rules.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['th', 'la', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/public',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: [
        '**/node_modules/**',
        '<rootDir>/src/server/**',
        ...Object.values(LATER_CATALOGUES).flatMap(({ files }) => asGlobs(files)),
      ],
    },
    ...Object.entries(LATER_CATALOGUES).map(([name, { files }]) => ({
      path: `<rootDir>/locales/{locale}/${name}`,
      include: [...files],
    })),
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
});
