/**
 * Chat uploads and media messages (spec 5 attachments, spec 7
 * /api/chat/upload-image, /upload-video; docs/decisions/0104-live-chat.md): checked by name AND
 * content, images re-encoded (a GIF stays animated), videos kept as sent;
 * too large, spoofed or missing files store nothing; a GIF too costly to
 * re-encode, a JPEG of too many scans and a video whose boxes do not chain
 * to its end are refused; re-encodes wait their turn and have a time limit; the file is served only by a valid signed
 * link, with its type and byte ranges for the player; a media message may
 * only name a file of its own conversation.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { SOCKET_MESSAGING, type ChatMessage } from '../../src/contract/chat.ts';
import { CHAT_GUEST_VIDEO_MAX_BYTES, CHAT_IMAGE_MAX_BYTES, CHAT_VIDEO_MAX_BYTES } from '../../src/contract/rules/chat.ts';
import { endpoints, type Endpoint } from '../../src/contract/endpoints.ts';
import { checkChatMedia, NotChatMedia } from '../../src/server/chat/media.ts';
import { chatMedia, chatMessages } from '../../src/server/db/schema.ts';
import { imageWork } from '../../src/server/images/decode.ts';
import {
  CHAT_GIF_MAX_FRAMES,
  CHAT_GIF_MAX_PIXELS,
  CHAT_IMAGE_MAX_PIXELS,
  CHAT_MEDIA_LINK_LIFETIME_MS,
  CHAT_UPLOADS_PER_SENDER,
  IMAGE_DECODE_TIMEOUT_SECONDS,
  IMAGE_DECODES_AT_ONCE,
  CHAT_MEDIA_QUOTA_WINDOW_MS,
  CHAT_VIDEO_MAX_SAMPLES,
  CHAT_VIDEO_UNPLAYED_MAX_BYTES,
  JPEG_MAX_SCANS,
} from '../../src/server/policy.ts';
import { tableCountProblem } from '../../src/server/chat/media-video.ts';
import type { Config } from '../../src/server/config.ts';
import { signedUrl } from '../../src/server/storage/signed-urls.ts';
import { manyScanJpeg } from '../support/many-scan-jpeg.ts';
import { buildTestApp, testConfig, type TestApp } from './helpers/app.ts';
import { headersFor } from './helpers/http.ts';
import { answeredWithoutATurn, holdImageWork } from './helpers/image-work.ts';
import { boxAt, chatCall, chatMember, grownVideo, history, mediaMessage, MOV, MP4, newGuest, pictures, recordHub, send, uploadFile, type ChatAuth } from './helpers/chat.ts';

interface MediaApp extends TestApp {
  chatDir: string;
}

async function mediaApp(overrides: Partial<Config> = {}): Promise<MediaApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-chat-'));
  onTestFinished(() => rm(dataDir, { recursive: true, force: true }));
  const t = await buildTestApp({ dataDir, ...overrides });
  return { ...t, chatDir: path.join(dataDir, 'uploads', 'chat') };
}

async function storedFiles(t: MediaApp): Promise<string[]> {
  return readdir(t.chatDir).catch(() => []);
}

async function uploaded(t: TestApp, auth: ChatAuth, file: Buffer, filename: string, endpoint: Endpoint = endpoints.chatUploadImage) {
  const response = await uploadFile(t, endpoint, auth, file, { filename });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { path: string; url: string; fileType: string };
}

function fetchLink(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

const u16 = (value: number) => Buffer.from([value & 0xff, value >> 8]);

/**
 * A GIF of `frames` frames on a `width` × `height` screen, built by hand:
 * each frame is one pixel (a few bytes), but a decoder draws every frame
 * on the whole screen, so a tiny file can stand for many decoded pixels.
 */
function handMadeGif(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.concat([Buffer.from('GIF89a'), u16(width), u16(height), Buffer.from([0x80, 0, 0]), Buffer.from([0, 0, 0, 255, 255, 255])]);
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 0x03, 0x01, 0, 0, 0]);
  // A 10 ms delay, then a 1×1 image at the corner, black or white by turns (an encoder merges equal frames):
  // LZW minimum code size 2, then the codes clear (4), the colour (0 or 1) and end (5), 3 bits each.
  const frame = (colour: number) => Buffer.from([0x21, 0xf9, 0x04, 0, 1, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44 | (colour << 3), 0x01, 0]);
  return Buffer.concat([screen, loop, ...Array.from({ length: frames }, (_, index) => frame(index % 2)), Buffer.from([0x3b])]);
}

/** The top-level boxes of a fixture (its sizes are all 32-bit). */
function boxesOf(file: Buffer): { type: string; start: number; size: number }[] {
  const boxes = [];
  for (let start = 0; start < file.length; start += file.readUInt32BE(start)) {
    boxes.push({ type: file.toString('latin1', start + 4, start + 8), start, size: file.readUInt32BE(start) });
  }
  return boxes;
}

/** A box of `type` around `body`, with a 32-bit size, or `size` as written (0: to the end). */
function box(type: string, body: Buffer, size = body.length + 8): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** The header of an mdat box whose size is written in 64 bits (the 32-bit size is then 1). */
function largeMdatHeader(size: bigint): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1);
  header.write('mdat', 4, 'latin1');
  header.writeBigUInt64BE(size, 8);
  return header;
}

/** The fixture's boxes of these types, in the fixture's order, each as it is. */
function keepBoxes(file: Buffer, types: readonly string[]): Buffer {
  return Buffer.concat(boxesOf(file).filter(({ type }) => types.includes(type)).map(({ start, size }) => file.subarray(start, start + size)));
}

/** `file` with its chunk offsets ('stco') moved by `delta`: the media moved within the file. */
function chunksMoved(file: Buffer, delta: number): Buffer {
  const copy = Buffer.from(file);
  const stco = boxAt(copy, 'stco');
  for (let i = 0; i < copy.readUInt32BE(stco + 12); i += 1) copy.writeUInt32BE(copy.readUInt32BE(stco + 16 + 4 * i) + delta, stco + 16 + 4 * i);
  return copy;
}

/** `file` grown to `size` bytes: zeros after an image (re-encoding drops them), a 'free' box after a video (its boxes still chain to the end). */
function padded(file: Buffer, size: number, kind: 'image' | 'video'): Buffer {
  if (kind === 'image') return Buffer.concat([file, Buffer.alloc(size - file.length)]);
  return Buffer.concat([file, box('free', Buffer.alloc(size - file.length - 8))]);
}

describe('uploads', () => {
  it('takes real png, jpg, jpeg and gif images and mp4 and mov videos, from members and guests', async () => {
    const t = await mediaApp();
    const member = await chatMember(t);
    const guest = await newGuest(t);
    const { png, jpg, gif } = await pictures();
    const cases = [
      [{ token: member.token }, png, 'photo.png', endpoints.chatUploadImage, 'image', 'png'],
      [{ token: member.token }, jpg, 'photo.JPG', endpoints.chatUploadImage, 'image', 'jpg'],
      [{ guestToken: guest.guestToken }, jpg, 'photo.jpeg', endpoints.chatUploadImage, 'image', 'jpg'],
      [{ guestToken: guest.guestToken }, gif, 'moving.gif', endpoints.chatUploadImage, 'image', 'gif'],
      [{ token: member.token }, MP4, 'clip.mp4', endpoints.chatUploadVideo, 'video', 'mp4'],
      [{ guestToken: guest.guestToken }, MOV, 'clip.mov', endpoints.chatUploadVideo, 'video', 'mov'],
    ] as const;

    for (const [auth, file, filename, endpoint, fileType, extension] of cases) {
      const answer = await uploaded(t, auth, file, filename, endpoint);
      expect([filename, answer.fileType, answer.path]).toEqual([filename, fileType, expect.stringMatching(new RegExp(`^chat/[A-Za-z0-9_-]{24}\\.${extension}$`))]);
      expect(answer.url).toMatch(new RegExp(`^/files/${answer.path}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    }
    expect(await storedFiles(t)).toHaveLength(cases.length);
    expect(await t.db.select().from(chatMedia)).toHaveLength(cases.length);
  });

  it('re-encodes images (bytes after the picture are gone), keeps a GIF animated and a video as sent', async () => {
    const t = await mediaApp();
    const member = await chatMember(t);
    const { png, gif } = await pictures();
    const payload = Buffer.from('<script>alert(1)</script>');

    const image = await uploaded(t, { token: member.token }, Buffer.concat([png, payload]), 'photo.png');
    const storedImage = (await fetchLink(t, image.url)).rawPayload;
    expect(storedImage.includes(payload)).toBe(false);
    expect(await sharp(storedImage).metadata()).toMatchObject({ format: 'png', width: 24, height: 16 });

    const animated = await uploaded(t, { token: member.token }, gif, 'moving.gif');
    expect(await sharp((await fetchLink(t, animated.url)).rawPayload, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 2 });

    const video = await uploaded(t, { token: member.token }, MP4, 'clip.mp4', endpoints.chatUploadVideo);
    expect((await fetchLink(t, video.url)).rawPayload.equals(MP4)).toBe(true);
  });

  it('refuses spoofed files with CHAT_FILE_NOT_SUPPORTED, storing nothing', async () => {
    const t = await mediaApp();
    const guest = await newGuest(t);
    const auth = { guestToken: guest.guestToken };
    const { png } = await pictures();
    const text = Buffer.from('just some text, not a picture at all');
    const cases = [
      ['a .png that is text', endpoints.chatUploadImage, text, 'photo.png'],
      ['an .mp4 that is a png', endpoints.chatUploadVideo, png, 'clip.mp4'],
      ['a .png sent as a video', endpoints.chatUploadVideo, png, 'photo.png'],
      ['an mp4 named .png', endpoints.chatUploadImage, MP4, 'photo.png'],
      ['an image without an extension', endpoints.chatUploadImage, png, 'photo'],
      ['an image named .webp', endpoints.chatUploadImage, await sharp(png).webp().toBuffer(), 'photo.webp'],
      ['a png named .exe', endpoints.chatUploadImage, png, 'photo.exe'],
      ['a jpeg named .png', endpoints.chatUploadImage, (await pictures()).jpg, 'photo.png'],
      ['a mov named .mp4', endpoints.chatUploadVideo, MOV, 'clip.mp4'],
      ['a truncated png', endpoints.chatUploadImage, png.subarray(0, 40), 'photo.png'],
      ['a truncated mp4', endpoints.chatUploadVideo, MP4.subarray(0, -1), 'clip.mp4'],
      ['an mp4 with a script appended', endpoints.chatUploadVideo, Buffer.concat([MP4, Buffer.from('<script>alert(1)</script>')]), 'clip.mp4'],
      ['a GIF of too many frames', endpoints.chatUploadImage, handMadeGif(1, 1, CHAT_GIF_MAX_FRAMES + 1), 'moving.gif'],
    ] as const;
    for (const [name, endpoint, file, filename] of cases) {
      // Each in a window of its own: the per-sender upload limit is not what is tested here.
      t.clock.advance(CHAT_UPLOADS_PER_SENDER.windowMs);
      const response = await uploadFile(t, endpoint, auth, file, { filename });
      expect([name, response.statusCode, response.json()]).toEqual([name, 400, { message: 'CHAT_FILE_NOT_SUPPORTED' }]);
    }
    expect(await storedFiles(t)).toEqual([]);
    expect(await t.db.select().from(chatMedia)).toEqual([]);
  });

  it('refuses an image over 10 MB and a video over 20 MB with 413 CHAT_FILE_TOO_LARGE; the limits themselves are taken', async () => {
    const t = await mediaApp();
    const member = await chatMember(t);
    const auth = { token: member.token };
    const { png } = await pictures();

    for (const [endpoint, file, filename, limit, kind] of [
      [endpoints.chatUploadImage, png, 'big.png', CHAT_IMAGE_MAX_BYTES, 'image'],
      [endpoints.chatUploadVideo, MP4, 'big.mp4', CHAT_VIDEO_MAX_BYTES, 'video'],
    ] as const) {
      const response = await uploadFile(t, endpoint, auth, padded(file, limit + 1, kind), { filename });
      expect([filename, response.statusCode, response.json()]).toEqual([filename, 413, { message: 'CHAT_FILE_TOO_LARGE' }]);
    }
    expect(await storedFiles(t)).toEqual([]);
    expect(await t.db.select().from(chatMedia)).toEqual([]);
    await uploaded(t, auth, padded(png, CHAT_IMAGE_MAX_BYTES, 'image'), 'exactly.png');
    await uploaded(t, auth, grownVideo(CHAT_VIDEO_MAX_BYTES), 'exactly.mp4', endpoints.chatUploadVideo);
  });

  it('answers CHAT_NO_FILE without a file part', async () => {
    const t = await mediaApp();
    const member = await chatMember(t);
    const boundary = 'only-fields';
    const fieldsOnly = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const { png } = await pictures();
    const answers = [
      await chatCall(t, endpoints.chatUploadImage, { file: 'not multipart' }, { token: member.token }),
      await t.app.inject({
        method: 'POST',
        url: endpoints.chatUploadImage.path,
        headers: { ...headersFor({ token: member.token }), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: fieldsOnly,
      }),
      await uploadFile(t, endpoints.chatUploadImage, { token: member.token }, png, { field: 'image', filename: 'photo.png' }),
    ];
    expect(answers.map((response) => [response.statusCode, response.json()])).toEqual(Array(3).fill([400, { message: 'CHAT_NO_FILE' }]));
    expect(await storedFiles(t)).toEqual([]);
  });

  it('needs a chat caller', async () => {
    const t = await mediaApp();
    const { png } = await pictures();
    const response = await uploadFile(t, endpoints.chatUploadImage, {}, png, { filename: 'photo.png' });
    expect([response.statusCode, response.json()]).toEqual([401, { message: 'CHAT_GUEST_INVALID' }]);
    expect(await storedFiles(t)).toEqual([]);
  });

  it(`allows ${CHAT_UPLOADS_PER_SENDER.max} uploads per sender in ${CHAT_UPLOADS_PER_SENDER.windowMs / 60_000} minutes, then 429`, async () => {
    const t = await mediaApp();
    const guest = await newGuest(t);
    const { png } = await pictures();
    for (let i = 0; i < CHAT_UPLOADS_PER_SENDER.max; i += 1) await uploaded(t, { guestToken: guest.guestToken }, png, `photo-${i}.png`);
    const refused = await uploadFile(t, endpoints.chatUploadImage, { guestToken: guest.guestToken }, png, { filename: 'one-more.png' });
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedFiles(t)).toHaveLength(CHAT_UPLOADS_PER_SENDER.max);
  });
});

describe('the cost of re-encoding', () => {
  const gif = (bytes: Buffer) => checkChatMedia('image', { bytes, filename: 'moving.gif' });

  it(`refuses a GIF of more than ${CHAT_GIF_MAX_FRAMES} frames or ${CHAT_GIF_MAX_PIXELS / 1e6} million pixels over all frames, before decoding it`, async () => {
    // Each frame alone, and even all frames together, are within sharp's own pixel limit.
    const side = 2_000;
    const frames = Math.floor(CHAT_GIF_MAX_PIXELS / side ** 2) + 1;
    expect(frames * side ** 2).toBeLessThanOrEqual(CHAT_IMAGE_MAX_PIXELS);
    await expect(gif(handMadeGif(side, side, frames))).rejects.toThrow(new NotChatMedia(`GIF of ${frames} frames of ${side ** 2} pixels`));
    await expect(gif(handMadeGif(1, 1, CHAT_GIF_MAX_FRAMES + 1))).rejects.toThrow(new NotChatMedia(`GIF of ${CHAT_GIF_MAX_FRAMES + 1} frames`));

    const longest = await gif(handMadeGif(1, 1, CHAT_GIF_MAX_FRAMES));
    expect(await sharp(longest.stored, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: CHAT_GIF_MAX_FRAMES });
    const largest = await gif(handMadeGif(side, side, frames - 1));
    expect(await sharp(largest.stored, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: frames - 1, width: 2_000 });
  });

  it(`re-encodes ${IMAGE_DECODES_AT_ONCE} image(s) at a time: another upload waits its turn`, async () => {
    const { png } = await pictures();
    const release = holdImageWork('chat');
    let settled = false;
    const checking = checkChatMedia('image', { bytes: png, filename: 'photo.png' }).finally(() => {
      settled = true;
    });

    await vi.waitFor(() => expect(imageWork.chat.pendingCount).toBe(1), { timeout: 10_000 });
    expect([imageWork.chat.activeCount, settled]).toEqual([IMAGE_DECODES_AT_ONCE, false]);
    await release();
    expect(await sharp((await checking).stored).metadata()).toMatchObject({ format: 'png', width: 24 });
  });

  it(`refuses a JPEG of more than ${JPEG_MAX_SCANS} scans at once, without waiting for or taking a turn to decode, storing nothing`, async () => {
    const t = await mediaApp();
    const guest = await newGuest(t);
    // 6,300 × 6,300 in 2,647 scans that carry nothing: ~430 KB that cost ~25 s of CPU to decode.
    const hostile = manyScanJpeg({ width: 6_300, height: 6_300 });
    // The queue is held: an upload that reached the decoder would wait there.
    holdImageWork('chat');

    for (const filename of ['photo.jpg', 'photo.jpeg']) {
      const response = await answeredWithoutATurn('chat', uploadFile(t, endpoints.chatUploadImage, { guestToken: guest.guestToken }, hostile, { filename }));
      expect([filename, response.statusCode, response.json()]).toEqual([filename, 400, { message: 'CHAT_FILE_NOT_SUPPORTED' }]);
    }
    await expect(checkChatMedia('image', { bytes: hostile, filename: 'photo.jpg' })).rejects.toThrow(new NotChatMedia('JPEG of 2647 scans'));
    expect(await storedFiles(t)).toEqual([]);
    expect(await t.db.select().from(chatMedia)).toEqual([]);
  });

  it(`takes progressive JPEGs: sharp’s, and a hand-built one of exactly ${JPEG_MAX_SCANS} scans`, async () => {
    const t = await mediaApp();
    const member = await chatMember(t);
    const { png } = await pictures();
    const progressive = await sharp(png).jpeg({ progressive: true }).toBuffer();
    for (const [file, width] of [
      [progressive, 24],
      [manyScanJpeg({ width: 320, height: 240, scans: JPEG_MAX_SCANS }), 320],
    ] as const) {
      const answer = await uploaded(t, { token: member.token }, file, 'photo.jpg');
      expect(await sharp((await fetchLink(t, answer.url)).rawPayload).metadata()).toMatchObject({ format: 'jpeg', width });
    }
    await expect(checkChatMedia('image', { bytes: manyScanJpeg({ width: 320, height: 240, scans: JPEG_MAX_SCANS + 1 }), filename: 'photo.jpg' })).rejects.toThrow(
      new NotChatMedia(`JPEG of ${JPEG_MAX_SCANS + 1} scans`),
    );
  });

  it(`gives every re-encode a time limit of ${IMAGE_DECODE_TIMEOUT_SECONDS} s`, async () => {
    const timeout = vi.spyOn(sharp.prototype, 'timeout');
    onTestFinished(() => timeout.mockRestore());
    const { png, jpg, gif } = await pictures();
    for (const [bytes, filename] of [
      [png, 'photo.png'],
      [jpg, 'photo.jpg'],
      [gif, 'moving.gif'],
    ] as const) {
      timeout.mockClear();
      await checkChatMedia('image', { bytes, filename });
      expect([filename, timeout.mock.calls]).toEqual([filename, [[{ seconds: IMAGE_DECODE_TIMEOUT_SECONDS }]]]);
    }
  });
});

describe('video containers', () => {
  const video = (bytes: Buffer, filename = 'clip.mp4') => checkChatMedia('video', { bytes, filename });
  const [ftyp, moov, , mdat] = boxesOf(MP4);

  it('walks the fixtures’ boxes as expected', () => {
    expect(boxesOf(MP4).map(({ type }) => type)).toEqual(['ftyp', 'moov', 'free', 'mdat']);
    expect(boxesOf(MOV).map(({ type }) => type)).toEqual(['ftyp', 'wide', 'mdat', 'moov']);
  });

  it('takes boxes that chain exactly to the end: 32-bit sizes, a 64-bit size, a last box running to the end', async () => {
    const mdatBody = MP4.subarray(mdat!.start + 8);
    // The header is 8 bytes longer: the sample moves with it.
    const largeMdat = chunksMoved(Buffer.concat([MP4.subarray(0, mdat!.start), largeMdatHeader(BigInt(mdatBody.length + 16)), mdatBody]), 8);
    const toTheEnd = Buffer.concat([MP4.subarray(0, mdat!.start), box('mdat', mdatBody, 0)]);

    for (const [bytes, filename] of [
      [MP4, 'clip.mp4'],
      [MOV, 'clip.mov'],
      [largeMdat, 'clip.mp4'],
      [toTheEnd, 'clip.mp4'],
    ] as const) {
      expect((await video(bytes, filename)).stored.equals(bytes)).toBe(true);
    }
  });

  it('refuses a file cut off, with anything appended, a header alone, or without the movie or its media', async () => {
    const junk = Buffer.from('<script>alert(1)</script>');
    const cases = [
      ['cut off by one byte', MP4.subarray(0, -1)],
      ['cut off inside the movie box', MP4.subarray(0, moov!.start + 100)],
      ['a script appended', Buffer.concat([MP4, junk])],
      ['four stray bytes appended', Buffer.concat([MP4, Buffer.from('junk')])],
      ['zeros appended', Buffer.concat([MP4, Buffer.alloc(64)])],
      ['the ftyp box alone', MP4.subarray(0, ftyp!.size)],
      ['no moov', keepBoxes(MP4, ['ftyp', 'free', 'mdat'])],
      ['no mdat', keepBoxes(MP4, ['ftyp', 'moov', 'free'])],
      ['a 64-bit size past the end', Buffer.concat([keepBoxes(MP4, ['ftyp', 'moov']), largeMdatHeader(2n ** 40n)])],
      ['a box smaller than its header', Buffer.concat([keepBoxes(MP4, ['ftyp', 'moov']), box('mdat', Buffer.alloc(16), 4)])],
    ] as const;
    for (const [name, bytes] of cases) {
      await expect(video(bytes), name).rejects.toThrow(NotChatMedia);
    }
    await expect(video(MOV.subarray(0, -8), 'clip.mov'), 'a mov cut off').rejects.toThrow(NotChatMedia);
  });

  it('refuses, before reading them, sample tables that name more samples than a phone’s film has, or more entries than they hold', async () => {
    // The review's file: stsz says millions of 1-byte samples, all of them inside a media box of that size.
    const samples = 5_200_000;
    const bomb = grownVideo(MP4.length + samples, 'mdat');
    const stsz = boxAt(bomb, 'stsz');
    bomb.writeUInt32BE(1, stsz + 12);
    bomb.writeUInt32BE(samples, stsz + 16);
    expect(tableCountProblem(bomb)).toBe(`box stsz names ${samples} entries`);
    // Refused for its tables, before mp4box.js would make an object of each sample (seconds and gigabytes).
    await expect(video(bomb), 'five million samples').rejects.toThrow(new NotChatMedia(`box stsz names ${samples} entries`));
    // A table claiming more entries than its box holds.
    const stco = Buffer.from(MP4);
    stco.writeUInt32BE(CHAT_VIDEO_MAX_SAMPLES, boxAt(stco, 'stco') + 12);
    expect(tableCountProblem(stco)).toBe('box stco names more entries than it holds');
    expect(tableCountProblem(MP4)).toBeNull();
    expect(tableCountProblem(MOV)).toBeNull();
  });

  it(`refuses a movie whose tracks do not account for it: more than ${CHAT_VIDEO_UNPLAYED_MAX_BYTES} bytes no sample holds, samples outside the media, no video`, async () => {
    // The track's sample entry names no picture format (its 'avc1' renamed).
    const noVideo = Buffer.from(MP4);
    noVideo.write('zzzz', noVideo.indexOf('avc1', boxAt(noVideo, 'stsd'), 'latin1'), 'latin1');
    const cases = [
      ['a tiny movie padded with a free box', padded(MP4, 3 * CHAT_VIDEO_UNPLAYED_MAX_BYTES, 'video')],
      ['a tiny movie whose media box is padded with zeros', grownVideo(3 * CHAT_VIDEO_UNPLAYED_MAX_BYTES, 'mdat')],
      ['a sample that points before the media', chunksMoved(MP4, -16)],
      ['a sample that points past the end', chunksMoved(MP4, 1_000)],
      ['no video track', noVideo],
    ] as const;
    for (const [name, bytes] of cases) {
      await expect(video(bytes), name).rejects.toThrow(NotChatMedia);
    }
    // Just within: the padding a real file may carry.
    expect((await video(grownVideo(MP4.length + CHAT_VIDEO_UNPLAYED_MAX_BYTES - 2_000, 'mdat'))).fileType).toBe('video');
    expect((await video(padded(MP4, MP4.length + CHAT_VIDEO_UNPLAYED_MAX_BYTES - 2_000, 'video'))).fileType).toBe('video');
  });
});

describe('what chat files may take on disk', () => {
  /** A video of this many bytes, stored as sent: the quotas count exactly these. */
  const CLIP = 100_000;
  const clip = () => grownVideo(CLIP);
  const send = (t: TestApp, auth: ChatAuth, ip = '198.51.100.1') => uploadFile(t, endpoints.chatUploadVideo, auth, clip(), { filename: 'clip.mp4' }, { ip });
  const quotas = (changes: Partial<Config['chatMediaQuotas']>): Partial<Config> => ({ chatMediaQuotas: { ...testConfig().chatMediaQuotas, ...changes } });
  const answer = (response: { statusCode: number; json(): unknown }) => [response.statusCode, response.json()];

  it(`a guest's video is at most ${CHAT_GUEST_VIDEO_MAX_BYTES / 1024 / 1024} MB (413 CHAT_GUEST_VIDEO_TOO_LARGE); a member's, ${CHAT_VIDEO_MAX_BYTES / 1024 / 1024} MB`, async () => {
    const t = await mediaApp();
    const guest = { guestToken: (await newGuest(t)).guestToken };
    const member = { token: (await chatMember(t)).token };
    const over = grownVideo(CHAT_GUEST_VIDEO_MAX_BYTES + 1);
    expect(answer(await uploadFile(t, endpoints.chatUploadVideo, guest, over, { filename: 'clip.mp4' }))).toEqual([413, { message: 'CHAT_GUEST_VIDEO_TOO_LARGE' }]);
    await uploaded(t, guest, grownVideo(CHAT_GUEST_VIDEO_MAX_BYTES), 'exactly.mp4', endpoints.chatUploadVideo);
    await uploaded(t, member, over, 'clip.mp4', endpoints.chatUploadVideo);
  });

  it('a guest stores at most its day’s quota; the day after, it may again', async () => {
    const t = await mediaApp(quotas({ perGuestDay: 2 * CLIP }));
    const guest = { guestToken: (await newGuest(t)).guestToken };
    for (let i = 0; i < 2; i += 1) expect((await send(t, guest)).statusCode).toBe(200);
    const refused = await send(t, guest);
    expect(answer(refused)).toEqual([429, { message: 'CHAT_MEDIA_QUOTA' }]);
    expect(Number(refused.headers['retry-after'])).toBe(CHAT_MEDIA_QUOTA_WINDOW_MS / 1000);
    // Another guest has a quota of its own.
    expect((await send(t, { guestToken: (await newGuest(t)).guestToken })).statusCode).toBe(200);
    t.clock.advance(CHAT_MEDIA_QUOTA_WINDOW_MS);
    expect((await send(t, guest)).statusCode).toBe(200);
  });

  it('the guests of one address share a day’s quota; another address has its own; members are counted by account', async () => {
    const t = await mediaApp(quotas({ perGuestAddressDay: 2 * CLIP, perMemberDay: 2 * CLIP }));
    const guests = await Promise.all([newGuest(t), newGuest(t), newGuest(t)]);
    expect((await send(t, { guestToken: guests[0].guestToken })).statusCode).toBe(200);
    expect((await send(t, { guestToken: guests[1].guestToken })).statusCode).toBe(200);
    expect(answer(await send(t, { guestToken: guests[2].guestToken }))).toEqual([429, { message: 'CHAT_MEDIA_QUOTA' }]);
    expect((await send(t, { guestToken: guests[2].guestToken }, '198.51.100.2')).statusCode).toBe(200);

    // A member behind the same address is not held by its guests, only by their own quota.
    const member = { token: (await chatMember(t)).token };
    for (let i = 0; i < 2; i += 1) expect((await send(t, member)).statusCode).toBe(200);
    expect(answer(await send(t, member, '198.51.100.3'))).toEqual([429, { message: 'CHAT_MEDIA_QUOTA' }]);
  });

  it('uploads at once cannot all pass the same quota', async () => {
    const t = await mediaApp(quotas({ perGuestDay: CLIP + CLIP / 2 }));
    const guest = { guestToken: (await newGuest(t)).guestToken };
    const answers = await Promise.all([send(t, guest), send(t, guest), send(t, guest)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 429, 429]);
    expect(await storedFiles(t)).toHaveLength(1);
  });

  it('past the total of every chat file kept, every upload is refused with 507 CHAT_STORAGE_FULL, storing nothing', async () => {
    const t = await mediaApp(quotas({ total: 2 * CLIP }));
    const member = { token: (await chatMember(t)).token };
    expect((await send(t, member)).statusCode).toBe(200);
    expect((await send(t, { token: (await chatMember(t)).token })).statusCode).toBe(200);
    expect(answer(await send(t, member))).toEqual([507, { message: 'CHAT_STORAGE_FULL' }]);
    expect(answer(await send(t, { guestToken: (await newGuest(t)).guestToken }, '198.51.100.10'))).toEqual([507, { message: 'CHAT_STORAGE_FULL' }]);
    expect(await storedFiles(t)).toHaveLength(2);
  });

  it('guests’ files together take at most a quarter of the total: past it guests are refused, members still send', async () => {
    const t = await mediaApp(quotas({ total: 8 * CLIP }));
    for (const ip of ['198.51.100.21', '198.51.100.22']) expect((await send(t, { guestToken: (await newGuest(t, { ip })).guestToken }, ip)).statusCode).toBe(200);
    expect(answer(await send(t, { guestToken: (await newGuest(t, { ip: '198.51.100.23' })).guestToken }, '198.51.100.23'))).toEqual([507, { message: 'CHAT_STORAGE_FULL' }]);
    expect((await send(t, { token: (await chatMember(t)).token })).statusCode).toBe(200);
    expect(await storedFiles(t)).toHaveLength(3);
  });
});

describe('signed links', () => {
  it('serves a chat file only with a valid, unexpired signature, with its content type', async () => {
    const t = await mediaApp();
    const member = await chatMember(t);
    const { jpg } = await pictures();
    const image = await uploaded(t, { token: member.token }, jpg, 'photo.jpg');
    const video = await uploaded(t, { token: member.token }, MOV, 'clip.mov', endpoints.chatUploadVideo);

    const served = await fetchLink(t, image.url);
    expect([served.statusCode, served.headers['content-type'], served.headers['x-content-type-options']]).toEqual([200, 'image/jpeg', 'nosniff']);
    expect((await fetchLink(t, video.url)).headers['content-type']).toBe('video/quicktime');

    const [, query] = image.url.split('?') as [string, string];
    const forgedSig = `${image.url.slice(0, -3)}${image.url.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const otherKey = `/files/chat/${'A'.repeat(24)}.jpg?${query}`;
    for (const url of [`/files/${image.path}`, forgedSig, otherKey]) {
      expect([url, (await fetchLink(t, url)).statusCode]).toEqual([url, 403]);
    }
    const unknownArea = `/files/secrets/${path.basename(image.path)}?${query}`;
    expect((await fetchLink(t, unknownArea)).statusCode).toBe(404);

    t.clock.advance(CHAT_MEDIA_LINK_LIFETIME_MS);
    expect((await fetchLink(t, image.url)).statusCode).toBe(403);
    // A fresh link (history) works again, and a link to a file that is gone is 404.
    expect((await fetchLink(t, signedUrl(t.config.fileLinkSecret, image.path, new Date(t.clock().getTime() + 60_000)))).statusCode).toBe(200);
    expect((await fetchLink(t, signedUrl(t.config.fileLinkSecret, `chat/${'B'.repeat(24)}.jpg`, new Date(t.clock().getTime() + 60_000)))).statusCode).toBe(404);
  });

  it('answers byte ranges of a video for the browser’s player', async () => {
    const t = await mediaApp();
    const member = await chatMember(t);
    const video = await uploaded(t, { token: member.token }, MP4, 'clip.mp4', endpoints.chatUploadVideo);

    const whole = await fetchLink(t, video.url);
    expect([whole.statusCode, whole.headers['accept-ranges'], whole.headers['content-type']]).toEqual([200, 'bytes', 'video/mp4']);
    expect([whole.headers['content-length'], whole.rawPayload.equals(MP4)]).toEqual([String(MP4.length), true]);
    const first = await fetchLink(t, video.url, { range: 'bytes=0-99' });
    expect([first.statusCode, first.headers['content-range'], first.headers['content-length'], first.rawPayload.equals(MP4.subarray(0, 100))]).toEqual([
      206,
      `bytes 0-99/${MP4.length}`,
      '100',
      true,
    ]);
    const tail = await fetchLink(t, video.url, { range: 'bytes=-10' });
    expect([tail.statusCode, tail.rawPayload.equals(MP4.subarray(MP4.length - 10))]).toEqual([206, true]);
    const rest = await fetchLink(t, video.url, { range: `bytes=${MP4.length - 5}-` });
    expect(rest.headers['content-range']).toBe(`bytes ${MP4.length - 5}-${MP4.length - 1}/${MP4.length}`);
    const beyond = await fetchLink(t, video.url, { range: `bytes=${MP4.length}-` });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${MP4.length}`]);
  });

  it('still serves slip images under /files/slips (the route moved)', async () => {
    const t = await mediaApp();
    const url = signedUrl(t.config.fileLinkSecret, `slips/${'C'.repeat(24)}.webp`, new Date(t.clock().getTime() + 60_000));
    // Signed and well-formed, but no such slip stored: the route is there and says 404, not 403.
    expect((await fetchLink(t, url)).statusCode).toBe(404);
    expect((await fetchLink(t, url.replace(/sig=.*/, 'sig=' + 'A'.repeat(43)))).statusCode).toBe(403);
  });
});

describe('media messages', () => {
  it('sends an uploaded file as a media message; history and the room get a signed link', async () => {
    const t = await mediaApp();
    const hub = recordHub(t);
    const guest = await newGuest(t);
    const auth = { guestToken: guest.guestToken };
    const { png } = await pictures();
    const image = await uploaded(t, auth, png, 'photo.png');

    // The client may claim another file type: the stored one is the upload's.
    await send(t, auth, mediaMessage(image.path, 'video'));

    const [row] = await t.db.select().from(chatMessages);
    expect(row!.body).toMatchObject({ message_type: 'media', payload: { filePath: image.path, url: false, fileType: 'image' } });
    const [message] = await history(t, auth);
    expect(message!.message).toMatchObject({ message_type: 'media', payload: { url: true, fileType: 'image', filePath: expect.stringMatching(/^\/files\/chat\//) } });
    const link = (message!.message as { payload: { filePath: string } }).payload.filePath;
    expect((await fetchLink(t, link)).statusCode).toBe(200);
    const [delivered] = hub.payloads('room', SOCKET_MESSAGING) as ChatMessage[];
    expect(delivered!.message).toMatchObject({ payload: { url: true, filePath: expect.stringMatching(/^\/files\/chat\//) } });
  });

  it('refuses a media message naming another conversation’s file or no uploaded file, storing nothing', async () => {
    const t = await mediaApp();
    const member = await chatMember(t);
    const guest = await newGuest(t);
    const { png } = await pictures();
    const theirs = await uploaded(t, { guestToken: guest.guestToken }, png, 'theirs.png');
    await uploaded(t, { token: member.token }, png, 'mine.png');

    for (const filePath of [theirs.path, `chat/${'D'.repeat(24)}.png`, '../../etc/passwd', theirs.url]) {
      const response = await chatCall(t, endpoints.chatSendMessage, mediaMessage(filePath, 'image'), { token: member.token });
      expect([filePath, response.statusCode, response.json()]).toEqual([filePath, 400, { message: 'KEY_INVALID' }]);
    }
    expect(await t.db.select().from(chatMessages)).toEqual([]);
  });

  it('needs the chat’s own access on the file route too: an API token is no signature', async () => {
    const t = await mediaApp();
    const member = await chatMember(t);
    const { png } = await pictures();
    const image = await uploaded(t, { token: member.token }, png, 'photo.png');
    const response = await fetchLink(t, `/files/${image.path}`, headersFor({ token: member.token }));
    expect(response.statusCode).toBe(403);
  });
});
