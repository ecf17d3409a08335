/**
 * The receiving side of `npm run bench:chat`: N socket.io clients, each on
 * a websocket of its own (as N browsers would be), each joined to one room
 * the way the chat widget joins (`join` with the room name; the credential
 * in socket.io's `auth`). Every `messaging` a socket receives is matched to
 * its send by the number and send time in its text (chat-send.ts), and its
 * latency is kept per group (e.g. which server process the socket is on).
 */
import { io, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_PATH, SOCKET_JOIN, SOCKET_MESSAGING, SOCKET_REFUSED } from '../../src/contract/chat.ts';
import { readBenchText, wallMs } from './chat-send.ts';

export interface Receiver {
  /** http://127.0.0.1:{port} of the process this socket connects to. */
  base: string;
  room: string;
  /** socket.io `auth`: { token } for a member, { guestToken } for a guest; none for the bare server. */
  auth?: { token: string } | { guestToken: string };
  /** Which figures its receipts count in. */
  group: string;
}

/** Sockets connecting at once: a thousand handshakes at the same instant would measure the handshake storm, not the chat. */
const CONNECTING_AT_ONCE = 50;
const JOIN_TIMEOUT_MS = 10_000;

export class Receivers {
  readonly latencies = new Map<string, number[]>();
  /** Receipts of a message number already received (a delivery twice). */
  duplicates = 0;
  /** Events that were not a message of the current run (e.g. a late one of the warm-up). */
  strays = 0;
  lastReceiptAt = 0;
  private readonly seen = new Set<number>();
  private readonly sockets: Socket[] = [];
  private awaited: { count: number; resolve: () => void } | null = null;
  private run = 0;

  get received(): number {
    return this.seen.size;
  }

  /** Whether message number `seq` of the current run arrived. */
  has(seq: number): boolean {
    return this.seen.has(seq);
  }

  /** Forgets the receipts of an earlier run and counts only this one's from now on (the sockets stay). */
  reset(run: number): void {
    this.run = run;
    this.latencies.clear();
    this.seen.clear();
    this.duplicates = 0;
    this.strays = 0;
    this.lastReceiptAt = 0;
  }

  async connect(receivers: readonly Receiver[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < receivers.length) await this.connectOne(receivers[next++]!);
    };
    await Promise.all(Array.from({ length: CONNECTING_AT_ONCE }, worker));
  }

  /** Resolves once `count` different messages arrived, or after timeoutMs (the rest are lost or late). */
  untilReceived(count: number, timeoutMs: number): Promise<void> {
    if (this.seen.size >= count) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      this.awaited = { count, resolve: done };
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  close(): void {
    for (const socket of this.sockets) socket.close();
    this.sockets.length = 0;
  }

  private receipt(group: string, payload: unknown): void {
    const at = wallMs();
    const text = (payload as { message?: { payload?: { text?: unknown } } } | null)?.message?.payload?.text;
    const sent = readBenchText(text);
    if (!sent || sent.run !== this.run) {
      this.strays += 1;
      return;
    }
    if (this.seen.has(sent.seq)) {
      this.duplicates += 1;
      return;
    }
    this.seen.add(sent.seq);
    this.lastReceiptAt = at;
    let list = this.latencies.get(group);
    if (!list) this.latencies.set(group, (list = []));
    list.push(at - sent.sentAt);
    if (this.awaited && this.seen.size >= this.awaited.count) {
      this.awaited.resolve();
      this.awaited = null;
    }
  }

  private connectOne(receiver: Receiver): Promise<void> {
    const socket = io(receiver.base, {
      path: CHAT_SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      // The server checks Origin as a browser would send it; Node's client sends none unless told.
      extraHeaders: { origin: receiver.base },
      ...(receiver.auth && { auth: receiver.auth }),
    });
    this.sockets.push(socket);
    socket.on(SOCKET_MESSAGING, (payload: unknown) => this.receipt(receiver.group, payload));
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no join answer for ${receiver.room} within ${JOIN_TIMEOUT_MS} ms`)), JOIN_TIMEOUT_MS);
      const refuse = (why: unknown) => {
        clearTimeout(timer);
        reject(new Error(`socket for ${receiver.room} refused: ${JSON.stringify(why)}`));
      };
      socket.once('connect_error', (error) => refuse(error.message));
      socket.once(SOCKET_REFUSED, refuse);
      socket.once('connect', () => {
        socket.emit(SOCKET_JOIN, receiver.room, (answer: { ok?: boolean; message?: string } | undefined) => {
          if (answer?.ok === false) return refuse(answer);
          clearTimeout(timer);
          resolve();
        });
      });
    });
  }
}

/** p50 and p99 of a list of milliseconds (null when empty). */
export function percentiles(values: readonly number[]): { p50: number | null; p99: number | null } {
  if (values.length === 0) return { p50: null, p99: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}
