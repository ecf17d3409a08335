/**
 * The installable app's build pieces (scripts/pwa/build.ts,
 * docs/decisions/0142-installable-app-and-its-worker.md): which chunks the
 * worker precaches, which navigations it answers with the app shell, the
 * colours and the maskable icon's drawing.
 */
import { readFileSync } from 'node:fs';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { shortName } from '../../src/contract/app-manifest.ts';
import { maskableSvg, memberChunks, SHELL_ROUTES, tokenColour } from '../../scripts/pwa/build.ts';

/** A bundle of chunks: file name → facade module, static and lazy imports. */
function bundle(chunks: Record<string, { facade?: string; entry?: boolean; imports?: string[]; lazy?: string[]; css?: string[] }>): OutputBundle {
  return Object.fromEntries(
    Object.entries(chunks).map(([fileName, chunk]) => [
      fileName,
      {
        type: 'chunk',
        fileName,
        isEntry: chunk.entry ?? false,
        facadeModuleId: chunk.facade ?? null,
        imports: chunk.imports ?? [],
        dynamicImports: chunk.lazy ?? [],
        viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set() },
      },
    ]),
  ) as unknown as OutputBundle;
}

const APP = bundle({
  'assets/index.js': {
    entry: true,
    facade: '/app/src/main.tsx',
    imports: ['assets/vendor.js'],
    lazy: ['assets/home.js', 'assets/ops-route.js', 'assets/public-th.js', 'assets/public-la.js', 'assets/ops-th.js'],
    css: ['assets/index.css'],
  },
  'assets/vendor.js': {},
  'assets/home.js': { facade: '/app/src/routes/_member/user/home.tsx', imports: ['assets/shared.js'], lazy: ['assets/contact.js'] },
  'assets/contact.js': { facade: '/app/src/features/contact/ContactPage.tsx' },
  'assets/shared.js': {},
  'assets/ops-route.js': { facade: '/app/src/routes/ops/$.tsx', imports: ['assets/shared.js'], lazy: ['assets/OpsArea.js'] },
  'assets/OpsArea.js': { facade: '/app/src/features/ops/OpsArea.tsx' },
  'assets/public-th.js': { facade: '/app/locales/th/public.po' },
  'assets/public-la.js': { facade: '/app/locales/la/public.po' },
  'assets/ops-th.js': { facade: '/app/locales/th/ops.po' },
});

describe('the chunks the worker precaches', () => {
  it("takes the entry, its CSS and every chunk the member app reaches, the default language's catalogue among them", () => {
    const files = memberChunks(APP, 'th');

    expect([...files].sort()).toEqual(
      ['assets/contact.js', 'assets/home.js', 'assets/index.css', 'assets/index.js', 'assets/public-th.js', 'assets/shared.js', 'assets/vendor.js'].sort(),
    );
  });

  it("leaves out the console, other languages' catalogues and the console's", () => {
    const files = memberChunks(APP, 'th');

    for (const file of ['assets/ops-route.js', 'assets/OpsArea.js', 'assets/public-la.js', 'assets/ops-th.js']) expect(files).not.toContain(file);
  });

  it("takes the Lao build's catalogue in a Lao build", () => {
    const files = memberChunks(APP, 'la');

    expect(files).toContain('assets/public-la.js');
    expect(files).not.toContain('assets/public-th.js');
  });
});

describe('the navigations the worker answers with the app shell', () => {
  const shell = (path: string) => SHELL_ROUTES.some((route) => route.test(path));

  it('are the member app’s routes, with or without a query', () => {
    for (const path of ['/', '/login', '/login?redirect=%2Fuser', '/register', '/contact', '/howto', '/terminated', '/user', '/user/home', '/user/statement?page=2']) {
      expect(shell(path), path).toBe(true);
    }
  });

  it("are never the API, a member's file, the games' pages, the socket or the console", () => {
    for (const path of ['/api/lookup/active', '/api', '/files/slips/a.jpg?expires=1&sig=x', '/files/chat/b.mp4', '/games/play', '/socket.io/?EIO=4', '/ops', '/ops/login', '/users', '/login-help']) {
      expect(shell(path), path).toBe(false);
    }
  });

  it('cover every page of the route tree but the console', () => {
    const tree = readFileSync('src/routeTree.gen.ts', 'utf8');
    const paths = [...new Set([...tree.matchAll(/^ {2}'(\/[^']*)': typeof \w+Route$/gm)].map((match) => match[1]!))].filter((path) => !path.includes('_'));
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) expect(shell(path.replace('$', 'deposits')), path).toBe(!path.startsWith('/ops'));
  });
});

describe('the icons and colours', () => {
  const tokens = readFileSync('src/styles/tokens.css', 'utf8');

  it("are the design tokens' light theme: the accent (index.html's theme-color) and the page background", () => {
    expect(tokenColour(tokens, '--accent')).toBe('#0d6b58');
    expect(tokenColour(tokens, '--bg')).toBe('#f3f6f5');
    expect(readFileSync('index.html', 'utf8')).toContain(`<meta name="theme-color" content="${tokenColour(tokens, '--accent')}" />`);
  });

  it("draws the maskable icon's mark inside the safe zone, on a full square", () => {
    const svg = maskableSvg(readFileSync('public/favicon.svg', 'utf8'), '#0d6b58');

    expect(svg).toContain('<rect width="32" height="32" fill="#0d6b58"/>');
    // The mark (a circle of radius 15 in 32) at 0.8: radius 12 ≤ the safe zone's 0.4 × 32 = 12.8.
    expect(svg).toContain('translate(3.1999999999999993 3.1999999999999993) scale(0.8)');
    expect(svg).toContain('<circle cx="16" cy="16" r="15"');
  });
});

describe("the manifest's short name", () => {
  it('is the name when a launcher has room for it, else its first word', () => {
    expect(shortName('Mekong Pay')).toBe('Mekong Pay');
    expect(shortName('Mekong Wallet')).toBe('Mekong');
  });
});
