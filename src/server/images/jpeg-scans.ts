/**
 * Counts a JPEG's scans without decoding it. A JPEG is a chain of marker
 * segments (ITU T.81, B.1): 0xFF, a marker code, and for most markers a
 * two-byte length counting itself and the segment's body. Each scan starts
 * with an SOS segment (0xFFDA) whose entropy-coded data follows unmarked
 * and runs to the next marker; inside it a 0xFF data byte is written as
 * 0xFF00, and restart markers (RST0-RST7) stand alone.
 *
 * The walk finds markers the way libjpeg (what sharp decodes with) does:
 * segment bodies are skipped by their length, bytes between segments are
 * passed over up to the next 0xFF, fill bytes (0xFF 0xFF…) before a marker
 * are ignored. So it never counts fewer scans than the decoder would read;
 * a scan header inside an APPn or comment segment is not one.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const TEM = 0x01;
const RST0 = 0xd0;
const RST7 = 0xd7;

/** Markers made of their two bytes alone, without a length. */
function standsAlone(code: number): boolean {
  return code === SOI || code === TEM || (code >= RST0 && code <= RST7);
}

/**
 * The next marker at or after `from`: its code, and where the bytes after
 * it start. 0xFF00 (a stuffed data byte) is no marker. null at the end of
 * the bytes.
 */
function nextMarker(bytes: Uint8Array, from: number): { code: number; next: number } | null {
  for (let at = from; at < bytes.length; at += 1) {
    if (bytes[at] !== 0xff) continue;
    let code = at + 1;
    while (code < bytes.length && bytes[code] === 0xff) code += 1;
    if (code === bytes.length) return null;
    if (bytes[code] !== 0x00) return { code: bytes[code]!, next: code + 1 };
    at = code;
  }
  return null;
}

/**
 * How many scans (SOS segments) a decoder would read from these bytes, up
 * to the end of the image (EOI) or of the bytes: a file cut short counts
 * the scans it has. 0 for bytes that do not start with SOI (no JPEG).
 */
export function countJpegScans(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return 0;
  let scans = 0;
  let at = 2;
  for (let marker = nextMarker(bytes, at); marker && marker.code !== EOI; marker = nextMarker(bytes, at)) {
    at = marker.next;
    if (standsAlone(marker.code)) continue;
    if (at + 2 > bytes.length) break;
    if (marker.code === SOS) scans += 1;
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    // A length too small to count itself: libjpeg goes on reading after it, so the walk does too.
    at += Math.max(length, 2);
  }
  return scans;
}
