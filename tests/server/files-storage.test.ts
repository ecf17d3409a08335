/**
 * Uploads live in one storage, the app's (`app.uploads`, given to buildApp
 * or the folder DATA_DIR/uploads): a member's slip and a chat file are put
 * there and /files serves them from there; the chat's cleanup removes from
 * it (chat-cleanup.test.ts). A storage given to the app proves no route
 * builds one of its own.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { FileStorage, StoredFile } from '../../src/server/storage/storage.ts';
import { bankSlipPayload, multipartBody, newSlipReference, slipImage } from '../support/slip-image.ts';
import { buildTestApp } from './helpers/app.ts';
import { call, headersFor } from './helpers/http.ts';
import { newGuest, pictures, uploadFile } from './helpers/chat.ts';
import { signedInMember } from './helpers/members.ts';

/** Files in memory, by key. */
class MemoryStorage implements FileStorage {
  readonly files = new Map<string, Buffer>();

  async put(key: string, bytes: Buffer): Promise<void> {
    this.files.set(key, bytes);
  }

  async get(key: string): Promise<Buffer | null> {
    return this.files.get(key) ?? null;
  }

  async open(key: string): Promise<StoredFile | null> {
    const bytes = this.files.get(key);
    return bytes ? { size: bytes.length, read: (start, end) => Readable.from([bytes.subarray(start, end + 1)]) } : null;
  }

  async remove(key: string): Promise<void> {
    this.files.delete(key);
  }

  keys(area: string): string[] {
    return [...this.files.keys()].filter((key) => key.startsWith(`${area}/`));
  }
}

describe('the app’s one upload storage', () => {
  it('holds a member’s slip and a guest’s chat picture, and /files serves both from it', async () => {
    const uploads = new MemoryStorage();
    const t = await buildTestApp({}, { uploads });
    const member = await signedInMember(t);
    const { payload, contentType } = multipartBody(await slipImage({ payload: bankSlipPayload(newSlipReference()) }));
    const slip = await t.app.inject({ method: 'POST', url: endpoints.slipUpload.path, headers: { ...headersFor({ token: member.token }), 'content-type': contentType }, payload });
    expect(slip.statusCode, slip.body).toBe(200);
    const guest = await newGuest(t);
    const picture = await uploadFile(t, endpoints.chatUploadImage, { guestToken: guest.guestToken }, (await pictures()).png, { filename: 'photo.png' });
    expect(picture.statusCode, picture.body).toBe(200);

    expect(uploads.keys('slips')).toHaveLength(1);
    expect(uploads.keys('chat')).toEqual([picture.json().path]);
    const slips = await call(t.app, endpoints.slips, { page: 1, limit: 10 }, { token: member.token });
    const [slipRow] = slips.json().slips as { link: string }[];
    const served: [string, string][] = [
      [slipRow!.link, uploads.keys('slips')[0]!],
      [picture.json().url, picture.json().path],
    ];
    for (const [link, key] of served) {
      const file = await t.app.inject({ method: 'GET', url: link });
      expect([link, file.statusCode]).toEqual([link, 200]);
      expect(file.rawPayload.equals(uploads.files.get(key)!)).toBe(true);
    }
  });
});
