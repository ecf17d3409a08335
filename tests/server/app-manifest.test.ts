/**
 * The installed app's files from the server (docs/decisions/0142-installable-app-and-its-worker.md):
 * the manifest of the member's language with the operator's product name, the
 * service worker never cached without asking, and a CSP that allows both.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting, putSetting } from '../../src/server/repositories/settings.ts';
import { buildTestApp } from './helpers/app.ts';

const LANGUAGE_TAGS = { th: 'th', la: 'lo', en: 'en' } as const;

describe('the installed app', () => {
  let distDir: string;

  beforeAll(() => {
    distDir = mkdtempSync(path.join(tmpdir(), 'wallet-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><link rel="manifest" href="/manifest.webmanifest"><div id="root"></div>');
    writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(path.join(distDir, 'assets', 'icon-192-a1b2.png'), 'png');
    for (const [language, lang] of Object.entries(LANGUAGE_TAGS)) {
      const manifest = { id: '/', name: 'Mekong Wallet', short_name: 'Mekong', lang, start_url: '/user/home', display: 'standalone' };
      writeFileSync(path.join(distDir, `manifest-${language}.webmanifest`), JSON.stringify(manifest));
    }
  });

  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  it('sends the worker as JavaScript, revalidated on every update check, with a CSP that lets it run', async () => {
    const { app } = await buildTestApp({ distDir });

    const response = await app.inject({ url: '/sw.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const page = await app.inject({ url: '/user/home' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('keeps a hashed icon for a year, like every asset', async () => {
    const { app } = await buildTestApp({ distDir });

    const response = await app.inject({ url: '/assets/icon-192-a1b2.png' });

    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['the locale cookie', { cookie: 'theme=dark; locale=LA' }, 'lo'],
    ['the cookie over Accept-Language', { cookie: 'locale=EN', 'accept-language': 'th' }, 'en'],
    ['Accept-Language without a cookie', { 'accept-language': 'lo-LA,en;q=0.5' }, 'lo'],
    ["the variant's language otherwise", {}, 'th'],
  ])('sends the manifest of %s', async (_case, headers, lang) => {
    const { app } = await buildTestApp({ distDir });

    const response = await app.inject({ url: '/manifest.webmanifest', headers });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('Cookie');
    expect(response.json()).toMatchObject({ lang, start_url: '/user/home', display: 'standalone' });
  });

  it("writes the operator's product name into the manifest, shortened for the launcher", async () => {
    const { app, db } = await buildTestApp({ distDir });
    await putSetting(db, 'info', { ...(await getSetting(db, 'info')), name: 'River Pay Wallet' });

    const response = await app.inject({ url: '/manifest.webmanifest' });

    expect(response.json()).toMatchObject({ name: 'River Pay Wallet', short_name: 'River' });
  });

  it('serves the language files only through the one address', async () => {
    const { app } = await buildTestApp({ distDir });

    const response = await app.inject({ url: '/manifest-th.webmanifest' });

    // Not a file: the SPA's page, which draws its own 404.
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
