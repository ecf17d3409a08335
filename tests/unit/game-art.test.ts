/**
 * The reference provider's artwork as phones get it
 * (docs/decisions/0154-reference-game-art-in-webp.md): every SVG source in
 * public/games has its WebP picture (scripts/game-art.ts), drawn from the
 * source as it is now (a source changed without `npm run art:games` fails),
 * a WebP by its content, of the width asked for and the source's
 * proportions; and the rows seeding adds and the aggregator's fallbacks name
 * pictures that exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artFiles, sourceHash, SOURCES_FILE } from '../../scripts/game-art.ts';
import { FALLBACK_BACKGROUND, FALLBACK_LOGO } from '../../src/server/games/hub88/sync.ts';
import { SEED_GAMES } from '../../src/server/db/seed-data.ts';

const PUBLIC = path.resolve(import.meta.dirname, '../../public');

describe('the reference games\' artwork', () => {
  const files = artFiles();

  it.each(files.map((file) => [path.basename(file.picture), file] as const))('%s is a WebP drawn from its source as it is, as wide as asked', async (name, file) => {
    expect(existsSync(file.picture), `${file.picture} is missing: npm run art:games`).toBe(true);
    const drawnFrom = (JSON.parse(readFileSync(SOURCES_FILE, 'utf8')) as Record<string, string>)[name];
    expect(drawnFrom, `${file.source} changed since its picture was drawn: npm run art:games`).toBe(sourceHash(file.source));
    const [picture, source] = await Promise.all([sharp(file.picture).metadata(), sharp(file.source).metadata()]);
    // Read from the content (sharp's decoder), not the name.
    expect(picture.format).toBe('webp');
    expect(picture.width).toBe(file.width);
    expect(picture.height).toBe(Math.round((file.width * source.height) / source.width));
  });

  it('is what seeding and the aggregator\'s fallbacks name', () => {
    const named = [...SEED_GAMES.flatMap((game) => [game.logo, game.background]), FALLBACK_LOGO, FALLBACK_BACKGROUND];
    expect(named.filter((url) => typeof url === 'string')).toHaveLength(2 * SEED_GAMES.length + 2);
    for (const url of named.filter((url) => typeof url === 'string')) {
      expect(url).toMatch(/^\/games\/[a-z0-9-]+\.webp$/);
      expect(existsSync(path.join(PUBLIC, url)), url).toBe(true);
    }
  });
});
