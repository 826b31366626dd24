/** Image files for the upload and import tests, made with sharp (and one crafted by hand). */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * A 40 × 20 JPEG, left half red and right half blue, whose EXIF says to turn it a quarter turn
 * clockwise (orientation 6) and carries a copyright, an artist and a GPS position.
 */
export async function sidewaysPhoto(): Promise<Buffer> {
  const half = (color: string) =>
    sharp({ create: { width: 20, height: 20, channels: 3, background: color } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#000' } })
    .composite([
      { input: await half('#ff0000'), left: 0, top: 0 },
      { input: await half('#0000ff'), left: 20, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Copyright: 'Secret Traders', Artist: 'Asha Mehta' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A plain photo of one colour, `width` × `height`. */
export function photo(width: number, height: number, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** A PNG with an alpha channel: see-through where `transparent`, opaque otherwise. */
export function pngWithAlpha(transparent: boolean): Promise<Buffer> {
  return sharp({
    create: {
      width: 30,
      height: 30,
      channels: 4,
      background: { r: 0, g: 128, b: 0, alpha: transparent ? 0.5 : 1 },
    },
  })
    .png()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a 69-byte PNG whose header claims 20,000 × 20,000 pixels (400
 * megapixels, 1.2 GB once decoded).
 */
export function pixelBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(100))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An SVG, which a browser would run script in: never accepted as a photo. */
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
