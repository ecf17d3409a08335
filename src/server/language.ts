/**
 * Texts a member reads (source names, conditions, agreements, notice, contact
 * text) are stored in Thai, Lao and English; each request gets the language
 * its Accept-Language header asks for.
 */
import type { FastifyRequest } from 'fastify';
import type { Variant } from '../contract/rules/members.ts';

/** The spec's language keys: `la` is Lao here (BCP 47 says `lo`; both are accepted). */
export type Language = 'th' | 'la' | 'en';
export type Localized<T = string> = Record<Language, T>;

/** spec 1: Thai by default, Lao in the Laos build. */
export function defaultLanguage(variant: Variant): Language {
  return variant === 'la' ? 'la' : 'th';
}

function languageOfTag(tag: string): Language | null {
  const primary = tag.split('-')[0];
  if (primary === 'th') return 'th';
  if (primary === 'la' || primary === 'lo') return 'la';
  if (primary === 'en') return 'en';
  return null;
}

/** The first language we have, in the header's order of preference (q values). */
export function pickLanguage(acceptLanguage: string | undefined, fallback: Language): Language {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((entry, position) => {
      const [tag = '', ...params] = entry.trim().toLowerCase().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, position };
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  for (const { tag } of wanted) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return fallback;
}

/** The language a request asks for, defaulting to the build's own. */
export function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language'], defaultLanguage(request.server.config.variant));
}
