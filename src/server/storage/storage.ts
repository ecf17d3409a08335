import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, behind one small interface so the local folder
 * can later give way to object storage. Keys are ours (never a client's
 * file name): `<area>/<random>.<ext>`, checked by isStorageKey.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none under the key. */
  get(key: string): Promise<Buffer | null>;
  /**
   * The file to send without holding it in memory: its size and a stream of
   * bytes `start..end` (inclusive), or null when there is none under the key.
   */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

export interface StoredFile {
  size: number;
  read(start: number, end: number): Readable;
}

const KEY = /^[a-z]+\/[A-Za-z0-9_-]{16,64}\.[a-z0-9]{2,5}$/;

/** A key this app could have made: no path separators beyond the area, no dots but the extension's. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`not a storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKey';
  }
}
