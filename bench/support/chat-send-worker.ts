/**
 * The worker thread of chat-send.ts: sends plan.perSecond messages a second
 * for plan.durationMs, on a schedule that does not wait for answers, then
 * waits up to plan.drainMs for the answers still due and posts the figures
 * back. A thread of its own keeps the schedule off the event loop that
 * receives the 1,000 sockets' events.
 */
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_PATH, GUEST_TOKEN_HEADER } from '../../src/contract/chat.ts';
import { REQUESTED_WITH } from '../../src/contract/endpoints.ts';
import { benchText, wallMs, type SendFigures, type SendPlan, type Sender } from './chat-send.ts';

const plan = workerData as SendPlan;
/** Raw socket sends go over a few sockets, as the app's go over several HTTP connections. */
const RAW_SENDER_SOCKETS = 4;
const FAILURE_SAMPLES = 3;

const figures: SendFigures = {
  started: 0,
  accepted: 0,
  failed: {},
  skipped: 0,
  unfinished: 0,
  acceptedSeqs: [],
  answerMs: [],
  firstSendAt: 0,
  lastSendAt: 0,
  failureSamples: [],
};
let inFlight = 0;
let drained: (() => void) | null = null;

const agent = new Agent({ keepAlive: true, maxSockets: plan.connections });
const base = new URL(plan.base);
const runId = randomBytes(4).toString('hex');

function fail(reason: string, sample?: string): void {
  figures.failed[reason] = (figures.failed[reason] ?? 0) + 1;
  if (sample !== undefined && figures.failureSamples.length < FAILURE_SAMPLES) figures.failureSamples.push(`${reason}: ${sample.slice(0, 300)}`);
}

function answered(): void {
  inFlight -= 1;
  if (inFlight === 0) drained?.();
}

/** What the app's send-message takes: a guest's text message with an id of its own (spec 3 deliver). */
function appBody(sender: Sender, seq: number, text: string): string {
  return JSON.stringify({
    sender: 'customer',
    guestId: sender.guestId,
    message: { message_type: 'text', payload: { text }, deliver: { id: `bench-${runId}-${seq}`, status: 'sending' } },
  });
}

function post(sender: Sender, seq: number, sentAt: number): void {
  const text = benchText(plan.run, seq, sentAt);
  const [path, body, headers] =
    plan.kind === 'app'
      ? ['/api/chat/send-message', appBody(sender, seq, text), { 'x-requested-with': REQUESTED_WITH, [GUEST_TOKEN_HEADER]: sender.guestToken ?? '' }]
      : ['/send', JSON.stringify({ room: sender.room, text }), {}];
  inFlight += 1;
  const outgoing = request(
    {
      agent,
      host: base.hostname,
      port: base.port,
      method: 'POST',
      path,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    },
    (response) => {
      let answer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (answer += chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          figures.accepted += 1;
          figures.acceptedSeqs.push(seq);
          figures.answerMs.push(wallMs() - sentAt);
        } else {
          fail(String(status), answer);
        }
        answered();
      });
    },
  );
  outgoing.on('error', (error) => {
    fail('error', error.message);
    answered();
  });
  outgoing.end(body);
}

async function rawSockets(): Promise<Socket[]> {
  const sockets = Array.from({ length: RAW_SENDER_SOCKETS }, () =>
    io(plan.base, { path: CHAT_SOCKET_PATH, transports: ['websocket'], forceNew: true, reconnection: false }),
  );
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        }),
    ),
  );
  return sockets;
}

const sockets = plan.kind === 'raw-socket' ? await rawSockets() : [];
const start = wallMs();
figures.firstSendAt = start;
let seq = 0;
for (;;) {
  const elapsed = wallMs() - start;
  if (elapsed >= plan.durationMs) break;
  const due = Math.floor((elapsed * plan.perSecond) / 1000);
  for (; seq < due; seq += 1) {
    if (inFlight >= plan.maxInFlight) {
      figures.skipped += 1;
      continue;
    }
    const sender = plan.senders[seq % plan.senders.length]!;
    const sentAt = wallMs();
    figures.started += 1;
    if (plan.kind === 'raw-socket') {
      sockets[seq % sockets.length]!.emit('send', { room: sender.room, text: benchText(plan.run, seq, sentAt) });
      figures.accepted += 1;
      figures.acceptedSeqs.push(seq);
    } else {
      post(sender, seq, sentAt);
    }
    figures.lastSendAt = sentAt;
  }
  // About a millisecond between rounds: at 2,000/s a round sends two or three.
  await new Promise((resolve) => setTimeout(resolve, 1));
}

if (inFlight > 0) {
  await new Promise<void>((resolve) => {
    const giveUp = setTimeout(resolve, plan.drainMs);
    drained = () => {
      clearTimeout(giveUp);
      resolve();
    };
  });
}
figures.unfinished = inFlight;
agent.destroy();
for (const socket of sockets) socket.close();
parentPort!.postMessage(figures);
