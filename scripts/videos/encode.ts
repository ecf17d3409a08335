/**
 * A recording (Playwright's VP9 .webm) becomes the clip /howto plays: H.264
 * in MP4 with Debian's ffmpeg, the loading frames before the film rolled cut
 * off, no sound, yuv420p (what every phone decodes), the index at the front
 * (+faststart) so it starts playing before it has all arrived, and under the
 * size limit, or the run fails.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { VIDEO_MAX_BYTES } from '../../src/features/howto/videos.ts';
import { FFMPEG_PATH } from './playwright-ffmpeg.ts';

const FFPROBE_PATH = '/usr/bin/ffprobe';

/**
 * Screens of text and flat colour compress well: at the recording's own
 * 390 × 844 (no scaling to blur the Thai and Lao text), CRF 22 keeps the
 * text clean and a 30 s film far under 2 MB (sizes in the run's summary).
 */
const CRF = 22;

export interface Clip {
  bytes: number;
  seconds: number;
  /** When the first frame shows: 0 for a clip whose captions start with it. */
  startSeconds: number;
  codec: string;
  width: number;
  height: number;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
  return result.stdout;
}

/** What ffprobe reads in the file: codec, size and duration of its video stream. */
export function probe(file: string): Clip {
  const out = run(FFPROBE_PATH, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height,start_time:format=duration', '-of', 'json', file]);
  const json = JSON.parse(out) as { streams: { codec_name: string; width: number; height: number; start_time: string }[]; format: { duration: string } };
  const stream = json.streams[0];
  if (!stream) throw new Error(`${file} has no video stream`);
  return {
    bytes: statSync(file).size,
    seconds: Number(json.format.duration),
    startSeconds: Number(stream.start_time),
    codec: stream.codec_name,
    width: stream.width,
    height: stream.height,
  };
}

/** Encodes `fromMs`–`toMs` of the recording into `mp4`; fails when the clip is not H.264 or not under the limit. */
export function encodeClip(webm: string, mp4: string, { fromMs, toMs }: { fromMs: number; toMs: number }): Clip {
  run(FFMPEG_PATH, [
    '-y',
    '-loglevel', 'error',
    '-i', webm,
    '-an',
    // The recording holds a frame only when the screen changed: made constant-rate first, so that the
    // cut at `fromMs` starts on the frame then showing rather than on the next change.
    '-vf', `fps=25,trim=start=${(fromMs / 1000).toFixed(3)}:end=${(toMs / 1000).toFixed(3)},setpts=PTS-STARTPTS`,
    '-c:v', 'libx264',
    '-preset', 'medium',
    '-crf', String(CRF),
    '-pix_fmt', 'yuv420p',
    '-movflags', '+faststart',
    mp4,
  ]);
  const clip = probe(mp4);
  if (clip.codec !== 'h264') throw new Error(`${mp4} is ${clip.codec}, not h264`);
  if (clip.startSeconds > 0.05) throw new Error(`${mp4} starts at ${clip.startSeconds} s, not with its first caption`);
  if (clip.bytes >= VIDEO_MAX_BYTES) throw new Error(`${mp4} is ${clip.bytes} bytes: over the ${VIDEO_MAX_BYTES}-byte limit (raise CRF in scripts/videos/encode.ts)`);
  return clip;
}
