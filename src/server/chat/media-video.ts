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
 * Before mp4box.js reads it (it makes one object per sample), the sample
 * tables' own counts are read from the boxes: a file whose tables name more
 * samples or entries than CHAT_VIDEO_MAX_SAMPLES, or more entries than its
 * bytes could hold, is refused at once, so a few megabytes that claim
 * millions of samples cost nothing (tableCountProblem).
 *
 * Fragmented files (samples in 'moof' boxes, for streaming) are refused:
 * phones record plain files. The samples' own bytes are not decoded
 * (that would cost seconds of CPU per upload): a film of frames nobody
 * can see passes, within the stored-bytes quotas (uploads.ts).
 */
import { createFile, Log, MP4BoxBuffer, type Movie } from 'mp4box';
import { CHAT_VIDEO_MAX_SAMPLES, CHAT_VIDEO_UNPLAYED_MAX_BYTES } from '../policy.ts';

// mp4box.js writes its warnings (an unknown box) with console; errors still reach the log as refusals.
Log.setLogLevel(Log.error);

interface Span {
  start: number;
  end: number;
}

/** Boxes that only hold other boxes, on the way from 'moov' to the sample tables. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf']);
/** The sample tables and the width of one entry of each (bytes in the file). */
const TABLES: Record<string, number> = { stts: 8, ctts: 8, stsc: 12, stco: 4, co64: 8, stss: 4, stsz: 4 };

/**
 * Walks the boxes from the top through the containers above and answers why
 * a sample table names too many samples or entries, or null. A table's
 * count is its entry count (stsz: its sample count, whose entries are
 * absent when all samples share one size).
 */
export function tableCountProblem(bytes: Buffer, from = 0, to = bytes.length, depth = 0): string | null {
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return 'a box cut short';
      const large = bytes.readBigUInt64BE(at + 8);
      if (large > BigInt(to - at)) return `box ${type} longer than the file`;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return `box ${type} longer than the file`;
    if (CONTAINERS.has(type) && depth < 8) {
      const inner = tableCountProblem(bytes, at + header, at + size, depth + 1);
      if (inner !== null) return inner;
    } else if (type in TABLES) {
      // version and flags (4), then for stsz the common sample size (4), then the count (4).
      const countAt = at + header + (type === 'stsz' ? 8 : 4);
      if (countAt + 4 > at + size) return `box ${type} cut short`;
      const count = bytes.readUInt32BE(countAt);
      const fixedSize = type === 'stsz' && bytes.readUInt32BE(at + header + 4) !== 0;
      if (count > CHAT_VIDEO_MAX_SAMPLES) return `box ${type} names ${count} entries`;
      if (!fixedSize && count * TABLES[type]! > size - header) return `box ${type} names more entries than it holds`;
    }
    at += size;
  }
  return null;
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
  const tables = tableCountProblem(bytes);
  if (tables !== null) return tables;
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
