/**
 * Is an uploaded MP4 or QuickTime file a film a player can play, not a
 * header followed by megabytes of anything (docs/decisions/0144-connections-and-chat-storage.md)?
 * media.ts first checks that the top-level boxes chain over the file;
 * here GPAC's mp4box.js reads the movie's description ('moov') and its
 * sample tables, as a player would, and:
 *
 * - at least one video track has samples (a film, not an empty movie);
 * - every sample lies inside an 'mdat' box of the file (the tables point
 *   at the file's own media, not past its end);
 * - the samples cover the file but for CHAT_VIDEO_UNPLAYED_MAX_BYTES:
 *   boxes, metadata and padding that no player reads stay small, so a
 *   tiny movie padded with zeros up to the size limit is refused.
 *
 * Fragmented files (samples in 'moof' boxes, for streaming) are refused:
 * phones record plain files. The samples' own bytes are not decoded
 * (that would cost seconds of CPU per upload): a film of frames nobody
 * can see passes, within the stored-bytes quotas (uploads.ts).
 */
import { createFile, Log, MP4BoxBuffer, type Movie } from 'mp4box';
import { CHAT_VIDEO_UNPLAYED_MAX_BYTES } from '../policy.ts';

// mp4box.js writes its warnings (an unknown box) with console; errors still reach the log as refusals.
Log.setLogLevel(Log.error);

interface Span {
  start: number;
  end: number;
}

/** The movie as mp4box.js reads it, with the file's parsed boxes; a string says why it could not be read. */
function parse(bytes: Buffer): { file: ReturnType<typeof createFile>; movie: Movie } | string {
  const file = createFile(false);
  let movie: Movie | null = null;
  let error: string | null = null;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = (module, message) => {
    error = `${module}: ${message}`;
  };
  try {
    const buffer = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer, 0);
    file.appendBuffer(buffer, true);
    file.flush();
  } catch (thrown) {
    return `unreadable movie: ${(thrown as Error).message}`;
  }
  if (error !== null) return `unreadable movie: ${error as string}`;
  if (movie === null) return 'no movie description';
  return { file, movie };
}

/** The bytes `spans` cover together (overlaps counted once). */
function covered(spans: Span[]): number {
  spans.sort((a, b) => a.start - b.start);
  let total = 0;
  let reach = 0;
  for (const { start, end } of spans) {
    const from = Math.max(start, reach);
    if (end > from) total += end - from;
    reach = Math.max(reach, end);
  }
  return total;
}

/** Why the file is no playable film, or null when it is. */
export function unplayableVideo(bytes: Buffer): string | null {
  const parsed = parse(bytes);
  if (typeof parsed === 'string') return parsed;
  const { file, movie } = parsed;
  if (movie.isFragmented) return 'a fragmented movie';
  if (!movie.videoTracks.some((track) => track.nb_samples > 0)) return 'no video track with samples';

  // The media boxes' payloads, from the top-level boxes mp4box.js read.
  const mdats: Span[] = file.boxes
    .filter((box) => box.type === 'mdat')
    .map((box) => ({ start: (box.start ?? 0) + (box.hdr_size ?? 8), end: (box.start ?? 0) + box.size }));
  const samples: Span[] = [];
  for (const track of movie.tracks) {
    for (const sample of file.getTrackById(track.id).samples ?? []) {
      const span = { start: sample.offset, end: sample.offset + sample.size };
      if (!mdats.some((mdat) => span.start >= mdat.start && span.end <= mdat.end)) return `track ${track.id}: a sample at ${sample.offset} outside the media`;
      samples.push(span);
    }
  }
  const unplayed = bytes.length - covered(samples);
  return unplayed > CHAT_VIDEO_UNPLAYED_MAX_BYTES ? `${unplayed} bytes no sample holds` : null;
}
