/**
 * A valid progressive JPEG of as many scans as asked, built by hand: a flat
 * grey picture whose AC coefficients are all zero, sent one coefficient and
 * one bit at a time. After the DC scan, each component gets, for each of
 * the 63 AC coefficients, a first scan (Al 13) and 13 refinement scans:
 * 1 + components × 63 × 14 scans in all (2,647 for 3 components), every
 * one of them a few bytes of end-of-band runs, yet each walks every block
 * of the picture when decoded. Fewer scans are the first ones of that
 * order (a decoder takes a progression that stops early).
 */

export interface ManyScanJpeg {
  width: number;
  height: number;
  components?: 1 | 3;
  /** How many scans to write; all of them (the most the format allows this way) when left out. */
  scans?: number;
}

/** The most scans manyScanJpeg writes for this many components. */
export const allScans = (components: number) => 1 + components * 63 * 14;

function segment(marker: number, body: number[] | Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, Buffer.from(body)]);
}

/** Entropy-coded bytes from `write`'s bits: padded with 1-bits to a byte, each 0xFF data byte stuffed as 0xFF 0x00. */
function entropyCoded(write: (bits: (value: number, length: number) => void) => void): Buffer {
  const out: number[] = [];
  let byte = 0;
  let filled = 0;
  const bits = (value: number, length: number) => {
    for (let bit = length - 1; bit >= 0; bit -= 1) {
      byte = (byte << 1) | ((value >> bit) & 1);
      filled += 1;
      if (filled === 8) {
        out.push(byte);
        if (byte === 0xff) out.push(0x00);
        byte = 0;
        filled = 0;
      }
    }
  };
  write(bits);
  if (filled > 0) bits(0xff, 8 - filled);
  return Buffer.from(out);
}

export function manyScanJpeg({ width, height, components = 3, scans = allScans(components) }: ManyScanJpeg): Buffer {
  const ids = Array.from({ length: components }, (_, index) => index + 1);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // Every DC difference is 0 (grey 128 after the level shift): one Huffman code, '0'.
  const dc = entropyCoded((bits) => {
    for (let block = 0; block < blocks * components; block += 1) bits(0, 1);
  });
  // End-of-band runs over all blocks: EOBr (4-bit code r) then r bits, runs of up to 32,767 blocks.
  const ac = entropyCoded((bits) => {
    for (let left = blocks; left > 0; ) {
      const run = Math.min(left, 0x7fff);
      const r = 31 - Math.clz32(run);
      bits(r, 4);
      bits(run - (1 << r), r);
      left -= run;
    }
  });
  const order = [{ ids, band: 0, ah: 0, al: 0, data: dc }];
  for (const id of ids) {
    for (let band = 1; band <= 63; band += 1) {
      order.push({ ids: [id], band, ah: 0, al: 13, data: ac });
      for (let ah = 13; ah >= 1; ah -= 1) order.push({ ids: [id], band, ah, al: ah - 1, data: ac });
    }
  }
  const dcCounts = Array<number>(16).fill(0);
  dcCounts[0] = 1;
  const acCounts = Array<number>(16).fill(0);
  acCounts[3] = 15;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xdb, [0, ...Array<number>(64).fill(1)]),
    segment(0xc2, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, components, ...ids.flatMap((id) => [id, 0x11, 0])]),
    segment(0xc4, [0x00, ...dcCounts, 0x00]),
    segment(0xc4, [0x10, ...acCounts, ...Array.from({ length: 15 }, (_, r) => r << 4)]),
    ...order.slice(0, scans).flatMap((scan) => [
      segment(0xda, [scan.ids.length, ...scan.ids.flatMap((id) => [id, 0x00]), scan.band, scan.band, (scan.ah << 4) | scan.al]),
      scan.data,
    ]),
    Buffer.from([0xff, 0xd9]),
  ]);
}
