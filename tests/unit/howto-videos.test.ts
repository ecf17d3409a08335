/**
 * The how-to clips /howto plays (spec 2; docs/decisions/0107-how-to-videos.md), as shipped in
 * public/videos by `npm run videos`: every clip there, H.264 in MP4 with its
 * index before its data (it plays while it loads), no sound, under the size
 * limit; every clip captioned in Thai, Lao and English by well-formed WebVTT
 * whose cues run in order within the clip, at the same times in each
 * language, each written in its language's script.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPTION_LOCALES, HOWTO_VIDEOS, VIDEO_MAX_BYTES, captionPath, videoPath } from '../../src/features/howto/videos.ts';
import type { AppLocale } from '../../src/i18n/locale.ts';

const PUBLIC = path.resolve(import.meta.dirname, '../../public');
const file = (urlPath: string) => path.join(PUBLIC, urlPath);

// ---------------------------------------------------------------- MP4 (ISO BMFF) boxes

interface Box {
  type: string;
  start: number;
  /** Where the box's content starts (after its header). */
  body: number;
  end: number;
}

function boxesIn(data: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) throw new Error(`a broken ${JSON.stringify(type)} box at byte ${at}`);
    boxes.push({ type, start: at, body: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function child(data: Buffer, parent: Box, type: string): Box {
  const found = boxesIn(data, parent.body, parent.end).find((box) => box.type === type);
  if (!found) throw new Error(`no ${type} box in ${parent.type}`);
  return found;
}

/** The movie's length in seconds, from moov/mvhd (version 0 or 1). */
function movieSeconds(data: Buffer, moov: Box): number {
  const mvhd = child(data, moov, 'mvhd');
  const version = data.readUInt8(mvhd.body);
  return version === 1
    ? Number(data.readBigUInt64BE(mvhd.body + 24)) / data.readUInt32BE(mvhd.body + 20)
    : data.readUInt32BE(mvhd.body + 16) / data.readUInt32BE(mvhd.body + 12);
}

// ---------------------------------------------------------------- WebVTT

interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIME = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const TIMING = new RegExp(`^${TIME} --> ${TIME}(?:[ \\t].*)?$`);

const seconds = (hours: string | undefined, minutes: string, secs: string, millis: string) =>
  Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;

/** The cues of a WebVTT file; throws where it breaks the format (https://www.w3.org/TR/webvtt1/). */
function parseWebVtt(text: string): Cue[] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const blocks = text.replace(/\r\n?/g, '\n').trimEnd().split(/\n{2,}/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(blocks[0]?.split('\n')[0] ?? '')) throw new Error('the file does not start with "WEBVTT"');
  return blocks.slice(1).map((block, index) => {
    const lines = block.split('\n');
    const timingAt = lines[0]!.includes('-->') ? 0 : 1;
    const match = TIMING.exec(lines[timingAt] ?? '');
    if (!match) throw new Error(`cue ${index + 1} has no timing line: ${JSON.stringify(block)}`);
    const textLines = lines.slice(timingAt + 1);
    if (textLines.length === 0 || textLines.some((line) => line.trim() === '' || line.includes('-->'))) {
      throw new Error(`cue ${index + 1} has no text, or a text line with "-->"`);
    }
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match;
    return { start: seconds(h1, m1!, s1!, ms1!), end: seconds(h2, m2!, s2!, ms2!), text: textLines.join('\n') };
  });
}

/** Each language's captions in its own script: Thai in Thai, Lao in Lao, English in neither. */
const SCRIPT: Record<AppLocale, { has: RegExp; hasNot: RegExp }> = {
  th: { has: /[\u0E00-\u0E7F]/, hasNot: /[\u0E80-\u0EFF]/ },
  la: { has: /[\u0E80-\u0EFF]/, hasNot: /[\u0E00-\u0E7F]/ },
  en: { has: /[A-Za-z]/, hasNot: /[\u0E00-\u0EFF]/ },
};

// ---------------------------------------------------------------- the files

describe.each(HOWTO_VIDEOS)('how-to video %s', (name) => {
  const clipFile = file(videoPath(name));

  it('is an H.264 MP4 without sound, its index first, under the size limit', () => {
    expect(existsSync(clipFile), `${clipFile} is missing: run \`npm run videos\``).toBe(true);
    const bytes = statSync(clipFile).size;
    expect(bytes, 'bytes').toBeLessThan(VIDEO_MAX_BYTES);
    expect(bytes, 'bytes (a clip, not a stub)').toBeGreaterThan(20_000);

    const data = readFileSync(clipFile);
    const top = boxesIn(data, 0, data.length);
    expect(top[0]?.type).toBe('ftyp');
    const order = top.map((box) => box.type);
    expect(order).toContain('mdat');
    // +faststart: the index (moov) comes before the media data, so playback starts before the download ends.
    expect(order.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('moov')).toBeLessThan(order.indexOf('mdat'));

    const moov = top.find((box) => box.type === 'moov')!;
    const tracks = boxesIn(data, moov.body, moov.end).filter((box) => box.type === 'trak');
    const handlers = tracks.map((trak) => {
      const hdlr = child(data, child(data, trak, 'mdia'), 'hdlr');
      return data.toString('latin1', hdlr.body + 8, hdlr.body + 12);
    });
    expect(handlers, 'one video track, no sound').toEqual(['vide']);
    // stsd: version and flags, the entry count, then the first sample entry's size and type.
    const stsd = child(data, child(data, child(data, child(data, tracks[0]!, 'mdia'), 'minf'), 'stbl'), 'stsd');
    expect(data.toString('latin1', stsd.body + 12, stsd.body + 16), 'sample entry').toBe('avc1');

    const duration = movieSeconds(data, moov);
    expect(duration).toBeGreaterThan(10);
    expect(duration).toBeLessThan(45);
  });

  it('has captions in th, la and en: well-formed, in order, inside the clip, at the same times', () => {
    const data = readFileSync(clipFile);
    const duration = movieSeconds(data, boxesIn(data, 0, data.length).find((box) => box.type === 'moov')!);
    const timings: string[] = [];
    for (const locale of CAPTION_LOCALES) {
      const captionFile = file(captionPath(name, locale));
      expect(existsSync(captionFile), `${captionFile} is missing: run \`npm run videos\``).toBe(true);
      expect(statSync(captionFile).size).toBeLessThan(20_000);
      const cues = parseWebVtt(readFileSync(captionFile, 'utf8'));
      expect(cues.length, `${locale}: cues`).toBeGreaterThanOrEqual(3);
      cues.forEach((cue, index) => {
        expect(cue.end, `${locale} cue ${index + 1} ends after it starts`).toBeGreaterThan(cue.start);
        if (index > 0) expect(cue.start, `${locale} cue ${index + 1} starts after the one before ends`).toBeGreaterThanOrEqual(cues[index - 1]!.end);
        expect(cue.text, `${locale} cue ${index + 1}`).toMatch(SCRIPT[locale].has);
        expect(cue.text, `${locale} cue ${index + 1}`).not.toMatch(SCRIPT[locale].hasNot);
      });
      expect(cues.at(-1)!.end, `${locale}: the last cue ends within the clip`).toBeLessThanOrEqual(duration + 0.05);
      timings.push(JSON.stringify(cues.map((cue) => [cue.start, cue.end])));
    }
    expect(new Set(timings).size, 'every language has the same cue times').toBe(1);
  });
});

describe('the WebVTT reader the checks rely on', () => {
  it('refuses a file without its header, a cue without timing and a cue without text', () => {
    expect(() => parseWebVtt('1\n00:00:00.000 --> 00:00:01.000\nHello\n')).toThrow('WEBVTT');
    expect(() => parseWebVtt('WEBVTT\n\n1\n00:00.000 -> 00:01.000\nHello\n')).toThrow('timing');
    expect(() => parseWebVtt('WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\n')).toThrow('no text');
    expect(parseWebVtt('WEBVTT\n\n00:01.500 --> 01:00:02.250 line:90%\nHello\n')).toEqual([{ start: 1.5, end: 3602.25, text: 'Hello' }]);
  });
});
