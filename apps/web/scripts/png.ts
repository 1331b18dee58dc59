/**
 * Just enough PNG for the native icons (scripts/native-assets.ts) and their test: read an 8-bit, non-interlaced
 * RGB or RGBA image into RGBA pixels, and write RGBA pixels as RGBA or, for icons that must have no alpha channel
 * (the App Store refuses such an app icon), as RGB.
 */
import { deflateSync, inflateSync } from 'node:zlib';

export interface Image {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row after row. */
  pixels: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const RGB = 2;
const RGBA = 6;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The header alone: width, height and colour type (2 RGB, 6 RGBA). */
export function pngHeader(file: Buffer): { width: number; height: number; colorType: number } {
  if (!file.subarray(0, 8).equals(SIGNATURE) || file.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG file');
  }
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20), colorType: file[25] as number };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function readPng(file: Buffer): Image {
  const { width, height, colorType } = pngHeader(file);
  if (file[24] !== 8 || file[28] !== 0 || (colorType !== RGB && colorType !== RGBA)) {
    throw new Error('only 8-bit, non-interlaced RGB or RGBA PNG files are read');
  }
  const parts: Buffer[] = [];
  for (let at = 8; at < file.length; ) {
    const length = file.readUInt32BE(at);
    if (file.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(file.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const raw = inflateSync(Buffer.concat(parts));
  const channels = colorType === RGBA ? 4 : 3;
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] as number;
      const left = x >= channels ? (rows[y * stride + x - channels] as number) : 0;
      const up = y > 0 ? (rows[(y - 1) * stride + x] as number) : 0;
      const upLeft = y > 0 && x >= channels ? (rows[(y - 1) * stride + x - channels] as number) : 0;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : paeth(left, up, upLeft);
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, pixels: rows };
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rows.copy(pixels, i * 4, i * 3, i * 3 + 3);
    pixels[i * 4 + 3] = 255;
  }
  return { width, height, pixels };
}

/** Writes the image; `alpha: false` drops the alpha channel (every pixel is taken as opaque). */
export function writePng(image: Image, { alpha }: { alpha: boolean }): Buffer {
  const channels = alpha ? 4 : 3;
  const stride = image.width * channels;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y++) {
    // Filter 0 (none) on every row: the icons are small and deflate does the rest.
    for (let x = 0; x < image.width; x++) {
      image.pixels.copy(
        raw,
        y * (stride + 1) + 1 + x * channels,
        (y * image.width + x) * 4,
        (y * image.width + x) * 4 + channels,
      );
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, alpha ? RGBA : RGB, 0, 0, 0], 8);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
