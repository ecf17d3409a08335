/**
 * A film's captions as WebVTT (https://www.w3.org/TR/webvtt1/), one file per
 * language. A caption may name the app's buttons as `{Message id}`: each
 * language gets the label the app shows in it (locales/<locale>/*.po), so
 * "Tap {Deposit}" reads “ฝากเงิน” in Thai and “ຝາກເງິນ” in Lao, exactly as
 * on that member's screen.
 */
import type { AppLocale } from '../../src/i18n/locale.ts';
import type { Cue } from './film.ts';
import { uiTexts } from './ui-texts.ts';

const labels = new Map<AppLocale, (id: string) => string>();

/** The caption's text in `locale`, its `{Message id}` labels filled in. */
export function captionText(template: string, locale: AppLocale): string {
  let label = labels.get(locale);
  if (!label) {
    label = uiTexts(locale);
    labels.set(locale, label);
  }
  const text = template.replace(/\{([^{}]+)\}/g, (_, id: string) => `“${label(id)}”`);
  if (text.trim() === '') throw new Error(`an empty ${locale} caption`);
  return text;
}

/** hh:mm:ss.ttt */
function timestamp(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  const millis = whole % 1000;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(millis, 3)}`;
}

/** Cue text may not hold `-->` nor raw `<` and `&` (they start tags and escapes). */
function escapeCueText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function toWebVtt(cues: readonly Cue[], locale: AppLocale): string {
  const blocks = cues.map((cue, index) =>
    [String(index + 1), `${timestamp(cue.startMs)} --> ${timestamp(cue.endMs)}`, escapeCueText(captionText(cue.caption[locale], locale))].join('\n'),
  );
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}
