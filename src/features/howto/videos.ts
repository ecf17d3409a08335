/**
 * The how-to videos (spec 2; docs/decisions/0107-how-to-videos.md): their names, where /howto finds each
 * clip and its captions, and the size every clip stays under. One list for
 * the page, for `npm run videos` (scripts/videos.ts), which films them in the
 * real app, and for the test that checks what ships in public/videos.
 * Plain data only: the script and the test import it outside Vite.
 */
import type { AppLocale } from '../../i18n/locale.ts';

export const HOWTO_VIDEOS = ['wallet', 'play', 'balance', 'bonus', 'bonus-cancel'] as const;
export type HowtoVideo = (typeof HOWTO_VIDEOS)[number];

/** Captions in every language of the app; file names use the app's keys (`la`), `<track srclang>` its BCP 47 tag. */
export const CAPTION_LOCALES: readonly AppLocale[] = ['th', 'la', 'en'];

/** Each language's name in itself, as the language menu shows it, so a member finds theirs in any UI language. */
export const CAPTION_LABELS: Record<AppLocale, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };

/** A clip a member on a phone plan can open without thinking twice (decision 0107: each under 2 MB). */
export const VIDEO_MAX_BYTES = 2_000_000;

export const videoPath = (name: HowtoVideo): string => `/videos/${name}.mp4`;
export const captionPath = (name: HowtoVideo, locale: AppLocale): string => `/videos/${name}.${locale}.vtt`;
