/**
 * Counting a JPEG's scans without decoding it (server/images/jpeg-scans.ts)
 * and the refusal built on it (server/images/decode.ts): sharp's own
 * baseline and progressive files, hand-built files of many scans that sharp
 * decodes, stuffed bytes, restart and fill markers, segments skipped by
 * their length, and files cut short.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeRefusal } from '../../src/server/images/decode.ts';
import { countJpegScans } from '../../src/server/images/jpeg-scans.ts';
import { JPEG_MAX_SCANS } from '../../src/server/policy.ts';
import { allScans, manyScanJpeg } from '../support/many-scan-jpeg.ts';

/** A 64 × 48 picture of fine stripes: every block has AC coefficients, so every scan carries data. */
function picture() {
  const pixels = Buffer.alloc(64 * 48 * 3, 0).map((_, index) => (index * 37 + Math.floor(index / 192) * 91) & 0xff);
  return sharp(pixels, { raw: { width: 64, height: 48, channels: 3 } });
}

const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];

/** A marker segment: 0xFF, its code, its length (counting itself) and body. */
const segment = (code: number, body: number[]) => [0xff, code, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
/** A one-component scan header (the walk only needs its length right). */
const sos = () => segment(0xda, [1, 1, 0x00, 0, 63, 0]);
const jpeg = (...parts: number[][]) => Buffer.from(parts.flat());

/** Where sharp's file has a scan header: its entropy data stuffs every 0xFF, and it carries no metadata, so a plain search is right. */
function sosOffsets(file: Buffer): number[] {
  const offsets = [];
  for (let at = file.indexOf('ffda', 0, 'hex'); at !== -1; at = file.indexOf('ffda', at + 1, 'hex')) offsets.push(at);
  return offsets;
}

describe('countJpegScans', () => {
  it('counts 1 scan in a baseline JPEG and libjpeg’s 10 in a progressive one', async () => {
    const baseline = await picture().jpeg().toBuffer();
    const progressive = await picture().jpeg({ progressive: true }).toBuffer();
    expect([countJpegScans(baseline), countJpegScans(progressive)]).toEqual([1, 10]);
    expect([sosOffsets(baseline).length, sosOffsets(progressive).length]).toEqual([1, 10]);
    expect((await sharp(progressive).metadata()).isProgressive).toBe(true);
  });

  it('counts every scan of a hand-built progressive JPEG that sharp decodes, its stuffed 0xFF bytes passed over', async () => {
    for (const [components, scans] of [
      [1, 1],
      [1, 100],
      [1, allScans(1)],
      [3, allScans(3)],
    ] as const) {
      const file = manyScanJpeg({ width: 40, height: 24, components, scans });
      expect([components, scans, countJpegScans(file)]).toEqual([components, scans, scans]);
      const { data, info } = await sharp(file, { failOn: 'warning' }).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, data.every((value) => value === 128)]).toEqual([40, 24, true]);
    }
    // The end-of-band runs of a large picture write 0xFF data bytes, stuffed: no marker to the walk.
    const large = manyScanJpeg({ width: 6_300, height: 6_300 });
    expect(large.includes(Buffer.from([0xff, 0x00]))).toBe(true);
    expect(countJpegScans(large)).toBe(2_647);
  });

  it('passes over stuffed bytes, restart markers and fill bytes in entropy data', () => {
    const data = [0x12, 0xff, 0x00, 0xff, 0x00, 0xda, 0xff, 0xd3, 0x34, 0xff, 0xd7, 0xff, 0x00];
    expect(countJpegScans(jpeg(SOI, sos(), data, [0xff, 0xff, 0xff], sos(), data, EOI))).toBe(2);
    expect(countJpegScans(jpeg(SOI, sos(), [0xff, 0x00, 0xda, 0x00, 0x08], EOI))).toBe(1);
  });

  it('skips a segment by its length: a scan header inside a comment or an EXIF thumbnail is none', async () => {
    const thumbnail = [...(await picture().jpeg({ progressive: true }).toBuffer())];
    expect(countJpegScans(jpeg(SOI, segment(0xfe, sos()), segment(0xe1, thumbnail), sos(), EOI))).toBe(1);
  });

  it('reads on where libjpeg does: after a length too small to count itself, after stray bytes between segments', () => {
    expect(countJpegScans(jpeg(SOI, [0xff, 0xe1, 0x00, 0x00], sos(), EOI))).toBe(1);
    expect(countJpegScans(jpeg(SOI, [0xff, 0xfe, 0x00, 0x01], sos(), sos(), EOI))).toBe(2);
    expect(countJpegScans(jpeg(SOI, segment(0xfe, []), [1, 2, 3, 0xff, 0x00], sos(), EOI))).toBe(1);
  });

  it('stops at the end of the image: data after EOI is not read', () => {
    expect(countJpegScans(jpeg(SOI, sos(), EOI, [0, 0, 0, 0], sos(), sos()))).toBe(1);
    expect(countJpegScans(jpeg(SOI, sos(), EOI, SOI, sos(), sos(), EOI))).toBe(1);
  });

  it('counts the scans a file cut short has, wherever it is cut', async () => {
    const file = await picture().jpeg({ progressive: true }).toBuffer();
    const offsets = sosOffsets(file);
    for (let length = 0; length <= file.length; length += 1) {
      // A scan header counts once its length is there.
      const expected = offsets.filter((offset) => offset + 4 <= length).length;
      const counted = countJpegScans(file.subarray(0, length));
      if (counted !== expected) expect({ length, counted }).toEqual({ length, counted: expected });
    }
    expect(countJpegScans(manyScanJpeg({ width: 16, height: 16 }).subarray(0, -2))).toBe(allScans(3));
  });

  it('counts nothing in bytes that are no JPEG', async () => {
    const png = await picture().png().toBuffer();
    for (const bytes of [Buffer.alloc(0), Buffer.from([0xff]), png, Buffer.from('just text'), jpeg([0xff, 0xd9], sos())]) {
      expect(countJpegScans(bytes)).toBe(0);
    }
  });
});

describe('decodeRefusal', () => {
  it(`refuses a JPEG of more than ${JPEG_MAX_SCANS} scans, and nothing else`, async () => {
    const at = manyScanJpeg({ width: 16, height: 16, scans: JPEG_MAX_SCANS });
    const past = manyScanJpeg({ width: 16, height: 16, scans: JPEG_MAX_SCANS + 1 });
    expect(decodeRefusal(at)).toBeNull();
    expect(decodeRefusal(past)).toBe(`JPEG of ${JPEG_MAX_SCANS + 1} scans`);
    expect(decodeRefusal(await picture().jpeg({ progressive: true }).toBuffer())).toBeNull();
    expect(decodeRefusal(await picture().png().toBuffer())).toBeNull();
  });
});
