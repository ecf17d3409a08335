/**
 * The anchor of `npm run bench:chat`: a bare socket.io server with nothing
 * of the app (no persistence, no auth, no Fastify), run as a child process
 * so its memory can be read like the app's and it shares no event loop with
 * the load. It speaks the chat's socket events (`join` with a room and an
 * ack, `messaging` to the room) and takes a send two ways:
 * - a socket emits `send` { room, text }: the pure socket.io figure;
 * - POST /send { room, text } on node:http: the same plus one bare HTTP
 *   request, the shape of the app's path without its work.
 * Both answer by emitting `messaging` { message: { payload: { text } } } to
 * the room, the same nesting the app's ChatMessage has. Prints
 * `listening {port}` when ready.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { CHAT_SOCKET_PATH, SOCKET_JOIN, SOCKET_MESSAGING } from '../../src/contract/chat.ts';

interface Send {
  room: string;
  text: string;
}

const deliver = ({ room, text }: Send) => io.to(room).emit(SOCKET_MESSAGING, { message: { payload: { text } } });

const http = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/send') {
    response.writeHead(404).end();
    return;
  }
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    deliver(JSON.parse(body) as Send);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

const io = new Server(http, { path: CHAT_SOCKET_PATH, transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  socket.on(SOCKET_JOIN, (room: string, ack?: (answer: { ok: boolean }) => void) => {
    void socket.join(room);
    ack?.({ ok: true });
  });
  socket.on('send', deliver);
});

http.listen(0, '127.0.0.1', () => console.log(`listening ${(http.address() as AddressInfo).port}`));
process.once('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
