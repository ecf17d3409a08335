/**
 * Serves stored uploads to whoever holds a valid signed link
 * (storage/signed-urls.ts): slip images (routes/slips.ts gives links to
 * their member and operators) and chat images and videos (routes/chat.ts
 * and chat-ops.ts give links to the conversation's customer and agents).
 * Outside /api, so an <img>, a <video> or a new window opens them without
 * the API's headers. A forged or expired link is 403, a missing file 404.
 * Videos are asked for in byte ranges by the browser's player: one range
 * per request is served (206); several are answered with the whole file,
 * which HTTP allows. Requests are counted per client address, good links
 * and forged ones alike (FILE_REQUESTS_PER_ADDRESS, 429 past it).
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CHAT_AREA, CHAT_CONTENT_TYPES } from '../chat/media.ts';
import { ApiError } from '../errors.ts';
import { FILE_REQUESTS_PER_ADDRESS } from '../policy.ts';
import { STORED_IMAGE } from '../slips/slip-image.ts';
import { checkSignedUrl, FILES_PATH } from '../storage/signed-urls.ts';
import { isStorageKey, type StoredFile } from '../storage/storage.ts';

/** What each area's files are served as, by the key's extension (keys are ours: the extension comes from the checked content). */
const CONTENT_TYPES: Readonly<Record<string, (extension: string) => string | undefined>> = {
  slips: () => STORED_IMAGE.contentType,
  [CHAT_AREA]: (extension) => CHAT_CONTENT_TYPES[extension],
};

type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range within `size`; null for none or a form not served as a range. */
export function byteRange(header: string | undefined, size: number): ByteRange {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Streams the file (or the asked range): a 20 MB video asked for byte by byte must not be read whole each time. */
function send(reply: FastifyReply, file: StoredFile, range: string | undefined): FastifyReply {
  reply.header('accept-ranges', 'bytes');
  const wanted = byteRange(range, file.size);
  if (wanted === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  if (wanted === null) return reply.header('content-length', file.size).send(file.read(0, Math.max(0, file.size - 1)));
  return reply
    .code(206)
    .header('content-range', `bytes ${wanted.start}-${wanted.end}/${file.size}`)
    .header('content-length', wanted.end - wanted.start + 1)
    .send(file.read(wanted.start, wanted.end));
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const { clock, config, limits, uploads } = app;

  app.get<{ Params: { area: string; name: string }; Querystring: { expires?: string; sig?: string } }>(`${FILES_PATH}/:area/:name`, async (request, reply) => {
    const now = clock();
    // Off with LIMITS_PER_IP=off, as the other per-address limits.
    await limits.countFromAddress('files', FILE_REQUESTS_PER_ADDRESS, request.ip, now);
    const { area, name } = request.params;
    const key = `${area}/${name}`;
    const contentType = Object.hasOwn(CONTENT_TYPES, area) ? CONTENT_TYPES[area]?.(path.extname(name).slice(1)) : undefined;
    if (!isStorageKey(key) || contentType === undefined) throw new ApiError(404, 'NO_DATA');
    const { expires = '', sig = '' } = request.query;
    if (checkSignedUrl(config.fileLinkSecret, key, expires, sig, now) !== 'valid') throw new ApiError(403, 'UNAUTHORIZED');
    const file = await uploads.open(key);
    if (!file) throw new ApiError(404, 'NO_DATA');
    const maxAge = Math.max(0, Math.floor((Number(expires) * 1000 - now.getTime()) / 1000));
    reply
      .type(contentType)
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline');
    return send(reply, file, request.headers.range);
  });
}
