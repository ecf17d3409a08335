/**
 * The sending side of `npm run bench:chat`: an open-loop generator in a
 * worker thread (chat-send-worker.ts) that sends messages at a fixed rate
 * whatever the server answers, so a slow server shows as latency and
 * backlog rather than as a politely lower rate (a closed loop would hide
 * it). Every message's text carries its number and the wall-clock time its
 * send started; the receiving sockets (chat-clients.ts) read both from the
 * `messaging` event, so latency is measured send start → receipt across
 * threads without sharing state.
 */
import { Worker } from 'node:worker_threads';

/** Wall-clock milliseconds with sub-millisecond precision, comparable between threads of one process. */
export function wallMs(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * The text a message carries: its run (a late message of the warm-up must
 * not count in the measured run), its number and when its send started.
 */
export function benchText(run: number, seq: number, sentAt: number): string {
  return `bench ${run} ${seq} ${sentAt.toFixed(3)}`;
}

export function readBenchText(text: unknown): { run: number; seq: number; sentAt: number } | null {
  if (typeof text !== 'string') return null;
  const match = /^bench (\d+) (\d+) ([\d.]+)$/.exec(text);
  return match ? { run: Number(match[1]), seq: Number(match[2]), sentAt: Number(match[3]) } : null;
}

/** Whose turn it is to send: a room, and for the app the guest's id and signed token. */
export interface Sender {
  room: string;
  guestId?: string;
  guestToken?: string;
}

export interface SendPlan {
  /**
   * app: POST /api/chat/send-message as the guest (the real path);
   * raw-http: POST /send on the bare server; raw-socket: a socket emits `send` to it.
   */
  kind: 'app' | 'raw-http' | 'raw-socket';
  /** Written into every text; the receivers count only the run they wait for. */
  run: number;
  /** http://127.0.0.1:{port} of the process that takes the sends. */
  base: string;
  /** Message n is sent by senders[n % length]. */
  senders: Sender[];
  perSecond: number;
  durationMs: number;
  /** Sends started but not answered beyond this: the generator skips a send and counts it (the server is behind). */
  maxInFlight: number;
  /** After the last send, how long answers may still come before the rest count as unfinished. */
  drainMs: number;
  /** HTTP connections kept open to the server. */
  connections: number;
}

export interface SendFigures {
  /** Sends started. */
  started: number;
  /** 2xx answers (for raw-socket: emitted). */
  accepted: number;
  /** Answers other than 2xx, and errors, by status ('error' for a network error). */
  failed: Record<string, number>;
  /** Sends the generator skipped because maxInFlight were unanswered. */
  skipped: number;
  /** Sends with no answer by the end of the drain. */
  unfinished: number;
  /** The numbers of the accepted sends (to tell which were never received). */
  acceptedSeqs: number[];
  /** Send start → HTTP answer (the message stored), accepted sends only; empty for raw-socket. */
  answerMs: number[];
  firstSendAt: number;
  lastSendAt: number;
  /** The first few failing answers' bodies, to say why. */
  failureSamples: string[];
}

export function runSends(plan: SendPlan): Promise<SendFigures> {
  const worker = new Worker(new URL('./chat-send-worker.ts', import.meta.url), { workerData: plan });
  return new Promise((resolve, reject) => {
    worker.once('message', (figures: SendFigures) => resolve(figures));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`chat send worker exited with ${code}`));
    });
  });
}
