/**
 * Writes public/games/<name>.webp from each public/games/<name>.svg: the
 * reference provider's artwork as members' phones get it, raster like a
 * real provider's (docs/decisions/0154-reference-game-art-in-webp.md). The
 * SVGs are the sources, kept and still served for rows that name them.
 *
 *   npm run art:games
 *
 * The text in the art is drawn in this machine's fonts (fontconfig's match
 * for the SVG's font families: Debian's fonts-noto-core has them). It also
 * writes scripts/game-art.sources.json, each picture's source by its SHA-256:
 * tests/unit/game-art.test.ts checks that every source has its picture, of
 * the size below, drawn from the source as it is now.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const DIR = path.resolve(import.meta.dirname, '../public/games');
/** Picture name → the SHA-256 of the SVG it was drawn from. */
export const SOURCES_FILE = path.resolve(import.meta.dirname, 'game-art.sources.json');

export function sourceHash(source: string): string {
  return createHash('sha256').update(readFileSync(source)).digest('hex');
}

/**
 * Pixels wide: a card is ~300 CSS px on a phone (300 × 211, home.css) and a
 * logo 44, both at about twice the density. Quality 70 keeps a card ~5–14 KB.
 */
const ART_WIDTH = { background: 600, logo: 96 } as const;
const QUALITY = 70;

/** The pictures to write: one per SVG source, by its name's `-bg` or `-logo`. */
export function artFiles(): { source: string; picture: string; width: number }[] {
  return readdirSync(DIR)
    .filter((name) => name.endsWith('.svg'))
    .map((name) => ({
      source: path.join(DIR, name),
      picture: path.join(DIR, name.replace(/\.svg$/, '.webp')),
      width: name.endsWith('-bg.svg') ? ART_WIDTH.background : ART_WIDTH.logo,
    }));
}

if (import.meta.main) {
  const sources: Record<string, string> = {};
  for (const { source, picture, width } of artFiles()) {
    // Rendered at the width asked for, not scaled up from the SVG's own size.
    const { width: own = width } = await sharp(source).metadata();
    const info = await sharp(source, { density: (72 * width) / own }).resize(width).webp({ quality: QUALITY, effort: 6 }).toFile(picture);
    sources[path.basename(picture)] = sourceHash(source);
    console.log(`${path.relative(process.cwd(), picture)}: ${info.width}×${info.height}, ${info.size} bytes`);
  }
  writeFileSync(SOURCES_FILE, `${JSON.stringify(sources, null, 2)}\n`);
}
