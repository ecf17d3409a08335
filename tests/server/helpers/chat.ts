/**
 * The chat's HTTP side as the widget and the agent inbox call it: guests
 * and their tokens, messages, uploads (multipart), operators of a role, and
 * a hub that records what the server told sockets.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { GUEST_TOKEN_HEADER, type ChatMessage } from '../../../src/contract/chat.ts';
import { endpoints, fillPath, type Endpoint } from '../../../src/contract/endpoints.ts';
import type { ChatHub } from '../../../src/server/chat/hub.ts';
import { users } from '../../../src/server/db/schema.ts';
import type { TestApp } from './app.ts';
import { call, headersFor, type CallOptions } from './http.ts';
import { signedInMember } from './members.ts';

/** Who calls: a member's bearer token or a guest's token. */
export type ChatAuth = { token: string } | { guestToken: string } | Record<string, never>;

function optionsFor(auth: ChatAuth, extra: CallOptions = {}): CallOptions {
  if ('guestToken' in auth) return { ...extra, headers: { ...extra.headers, [GUEST_TOKEN_HEADER]: auth.guestToken } };
  return { ...extra, ...auth };
}

export function chatCall(t: TestApp, endpoint: Endpoint, body: unknown, auth: ChatAuth, extra: CallOptions = {}): Promise<LightMyRequestResponse> {
  return call(t.app, endpoint, body, optionsFor(auth, extra));
}

export async function newGuest(t: TestApp, extra: CallOptions = {}): Promise<{ guestId: string; guestToken: string }> {
  const response = await call(t.app, endpoints.chatGuest, undefined, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A registered member with a token, their user id as the chat names it. */
export async function chatMember(t: TestApp) {
  const member = await signedInMember(t);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, member.phone));
  return { ...member, userId: String(row!.id) };
}

/** A conversation body of a text message (spec 3), with a fresh deliver id unless given. */
export function textMessage(text: string, extra: Record<string, unknown> = {}, deliverId: string = randomUUID()) {
  return { sender: 'customer', message: { message_type: 'text', payload: { text }, deliver: { id: deliverId, status: 'sending' } }, ...extra };
}

export function mediaMessage(filePath: string, fileType: 'image' | 'video', extra: Record<string, unknown> = {}) {
  return {
    sender: 'customer',
    message: { message_type: 'media', payload: { message: '', url: false, fileType, filePath }, deliver: { id: randomUUID(), status: 'sending' } },
    ...extra,
  };
}

export async function send(t: TestApp, auth: ChatAuth, body: unknown, extra: CallOptions = {}): Promise<{ _id: string; createdAt: string }> {
  const response = await chatCall(t, endpoints.chatSendMessage, body, auth, extra);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function history(t: TestApp, auth: ChatAuth, body: Record<string, unknown> = {}): Promise<ChatMessage[]> {
  const response = await chatCall(t, endpoints.chatHistory, body, auth);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

// ---------------------------------------------------------------- uploads

export function multipart(file: Buffer, { field = 'file', filename = 'photo.png', contentType = 'application/octet-stream' } = {}) {
  const boundary = `----chat${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadFile(
  t: TestApp,
  endpoint: Endpoint,
  auth: ChatAuth,
  file: Buffer,
  part: Parameters<typeof multipart>[1] = {},
  extra: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart(file, part);
  const options = optionsFor(auth, extra);
  return t.app.inject({
    method: 'POST',
    url: fillPath(endpoint.path, options.params),
    headers: { ...headersFor(options), 'content-type': contentType },
    payload,
    ...(options.ip !== undefined && { remoteAddress: options.ip }),
  });
}

/** Small real images of each format the chat takes (the GIF has two frames). */
export async function pictures() {
  const base = sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366cc' } });
  const frames = Buffer.concat([Buffer.alloc(24 * 16 * 3, 0x33), Buffer.alloc(24 * 16 * 3, 0xcc)]);
  return {
    png: await base.clone().png().toBuffer(),
    jpg: await base.clone().jpeg().toBuffer(),
    gif: await sharp(frames, { raw: { width: 24, height: 32, channels: 3, pageHeight: 16 } })
      .gif({ delay: [100, 100], loop: 0 })
      .toBuffer(),
  };
}

const fixtures = path.join(import.meta.dirname, '..', 'fixtures');
/** Tiny H.264 clips made once with ffmpeg (16×16, a fifth of a second). */
export const MP4 = readFileSync(path.join(fixtures, 'chat-tiny.mp4'));
export const MOV = readFileSync(path.join(fixtures, 'chat-tiny.mov'));

/** Where the box of `type` starts in `file` (the first, at any depth: a search for its four letters after a size). */
export function boxAt(file: Buffer, type: string): number {
  const at = file.indexOf(type, 0, 'latin1') - 4;
  if (at < 0) throw new Error(`no ${type} box`);
  return at;
}

/**
 * The MP4 fixture (its one sample in the last box, 'mdat') grown to `size`
 * bytes: the sample or only the mdat box around it grows by zeros. The
 * first is a film as far as its tables go (its frame's bytes are not
 * decoded); the second is media no sample holds.
 */
export function grownVideo(size: number, grow: 'sample' | 'mdat' = 'sample'): Buffer {
  const extra = size - MP4.length;
  const copy = Buffer.concat([MP4, Buffer.alloc(extra)]);
  const mdat = boxAt(copy, 'mdat');
  copy.writeUInt32BE(copy.readUInt32BE(mdat) + extra, mdat);
  if (grow === 'sample') {
    const stsz = boxAt(copy, 'stsz');
    // One sample; its size is the box's constant size, or else its one entry.
    if (copy.readUInt32BE(stsz + 16) !== 1) throw new Error('the fixture has one sample');
    const field = copy.readUInt32BE(stsz + 12) !== 0 ? stsz + 12 : stsz + 20;
    copy.writeUInt32BE(copy.readUInt32BE(field) + extra, field);
  }
  return copy;
}


// ---------------------------------------------------------------- what sockets were told

export interface Told {
  to: 'room' | 'agents' | 'member';
  room?: string;
  userId?: number;
  event: string;
  payload: unknown;
}

/** A hub that records every event; `fail` makes it throw, to prove what was stored before telling anyone. */
export class RecordingHub implements ChatHub {
  readonly told: Told[] = [];
  fail = false;
  /** Whether an agent is connected: with none, the agents are told nothing. */
  agents = true;

  agentsOnline(): boolean {
    return this.agents;
  }

  toRoom(room: string, event: string, payload: unknown): void {
    if (this.fail) throw new Error('the hub is down');
    this.told.push({ to: 'room', room, event, payload });
  }

  toMember(userId: number, event: string, payload: unknown): void {
    if (this.fail) throw new Error('the hub is down');
    this.told.push({ to: 'member', userId, event, payload });
  }

  toAgents(event: string, payload: unknown): void {
    if (this.fail) throw new Error('the hub is down');
    this.told.push({ to: 'agents', event, payload });
  }

  endSessions(): void {}

  /** What went to `room` (or to the agents) under `event`. */
  payloads(to: 'room' | 'agents', event: string, room?: string): unknown[] {
    return this.told.filter((told) => told.to === to && told.event === event && (room === undefined || told.room === room)).map((told) => told.payload);
  }
}

/** Puts a recording hub in the app's place (the routes read app.chatHub at each delivery). */
export function recordHub(t: TestApp): RecordingHub {
  const hub = new RecordingHub();
  t.app.chatHub = hub;
  return hub;
}
