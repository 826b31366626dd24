/**
 * Images for a catalog import (issue 20), each stored as an upload would be (upload.ts: decoded,
 * re-encoded, named by its hash) and answered as a source for a product's `images`:
 * - from a zip the seller uploads, by file name. The zip is read from its central directory
 *   (yauzl), checked whole before anything is stored: at most ZIP_LIMITS.entries entries, each
 *   image at most IMAGE_UPLOAD_MAX_BYTES and all together at most ZIP_LIMITS.totalBytes
 *   unpacked, no absolute path and no '..' (yauzl refuses those), sizes that match what the
 *   directory declares (yauzl checks them as it unpacks);
 * - from a URL, only where the operator allows outbound fetches (IMAGE_URL_FETCH=true, off by
 *   default): http or https, to a public address only (the name is resolved and every address
 *   it connects to checked, redirects included, so neither a name pointing inwards nor a
 *   redirect reaches this machine or its network), within a time limit and the upload's size
 *   limit.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { basename } from 'node:path';
import ipaddr from 'ipaddr.js';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMPORT_ZIP_MAX_BYTES,
  IMPORT_ZIP_MAX_ENTRIES,
} from '@storefront/shared/catalog-images';
import type { Config } from '../../config.js';
import { AppError, invalid } from '../../lib/errors.js';
import { imageStorage, type ImageStorage } from './storage.js';
import { imageTooLarge, storeImage, type StoredImage } from './upload.js';

export interface ZipLimits {
  entries: number;
  totalBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  /** Entries in the zip's directory, folders and skipped files included. */
  entries: IMPORT_ZIP_MAX_ENTRIES,
  /** Every image entry unpacked, together. */
  totalBytes: IMPORT_ZIP_MAX_BYTES,
};

export const URL_FETCH_LIMITS = {
  /** From the first connection to the last byte, redirects included. */
  timeoutMs: 15_000,
  redirects: 3,
  bytes: IMAGE_UPLOAD_MAX_BYTES,
} as const;

/** An entry of the zip that was not stored, and why (shown in the import's report). */
export interface ZipImageProblem {
  file: string;
  code: string;
  detail: string;
}

export interface ZipImages {
  /**
   * Each stored image's source by its path in the zip ('photos/front.jpg'), and by its bare
   * file name ('front.jpg') too when no other entry has that name.
   */
  sources: Map<string, string>;
  problems: ZipImageProblem[];
}

export interface ImageImporter {
  /**
   * The images of the zip at `path` (see ZipImages); throws an AppError for a zip refused whole.
   * `onImage` hears each entry stored or refused (done of total): storing thousands takes minutes.
   */
  fromZip(path: string, onImage?: (done: number, total: number) => void): Promise<ZipImages>;
  /** The image at `url`, stored; throws an AppError (a code and a detail) when it is not. */
  fromUrl(url: string): Promise<StoredImage>;
}

export interface ImageImporterOptions {
  /**
   * For tests only: lets a URL fetch reach loopback and private addresses, where the test's
   * own server listens. Nothing in the configuration sets it.
   */
  allowPrivateAddresses?: boolean;
  /** The time a URL fetch has (URL_FETCH_LIMITS.timeoutMs). */
  timeoutMs?: number;
}

export function createImageImporter(
  config: Pick<Config, 'dataDir' | 'images'>,
  options: ImageImporterOptions = {},
): ImageImporter {
  const storage = imageStorage(config);
  return {
    fromZip: (path, onImage) => imagesFromZip(storage, path, ZIP_LIMITS, onImage),
    fromUrl: (url) => {
      if (!config.images.urlFetch)
        return Promise.reject(
          invalid(
            'image_fetch_disabled',
            'Images by URL are off on this server: upload them in a zip, or ask the operator to set IMAGE_URL_FETCH=true',
          ),
        );
      return imageFromUrl(storage, url, {
        allowPrivate: options.allowPrivateAddresses ?? false,
        timeoutMs: options.timeoutMs ?? URL_FETCH_LIMITS.timeoutMs,
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Zip

const zipInvalid = () => invalid('zip_invalid', 'The file is not a zip archive, or it is damaged');

/** Files a zip made on a Mac or Windows carries beside the photos: skipped, not reported. */
const isJunk = (name: string) =>
  name.startsWith('__MACOSX/') ||
  basename(name).startsWith('.') ||
  basename(name).toLowerCase() === 'thumbs.db' ||
  basename(name).toLowerCase() === 'desktop.ini';

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error ? reject(zipInvalid()) : resolve(zip),
    ),
  );
}

/** Every entry of the directory, read without unpacking any; path tricks refuse the zip. */
function readDirectory(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) =>
      reject(
        /absolute path|invalid relative path|invalid characters in fileName/.test(error.message)
          ? invalid(
              'zip_unsafe_path',
              `The zip names a file outside its own folder (${error.message.split(': ').slice(1).join(': ')}): zip the photos again from their folder`,
            )
          : zipInvalid(),
      ),
    );
    zip.readEntry();
  });
}

/** An entry's bytes, at most `limit` of them (yauzl also checks them against the directory). */
function readEntry(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(zipInvalid());
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.destroy();
          reject(imageTooLarge());
        } else chunks.push(chunk);
      });
      stream.on('error', () => reject(zipInvalid()));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** The zip opened and its directory read and checked whole; the caller closes it. */
async function readZip(
  path: string,
  limits: ZipLimits,
): Promise<{ zip: ZipFile; files: Entry[]; images: Entry[]; problems: ZipImageProblem[] }> {
  const zip = await openZip(path);
  try {
    if (zip.entryCount > limits.entries)
      throw invalid(
        'zip_too_many_entries',
        `The zip holds ${zip.entryCount} entries; at most ${limits.entries} are read`,
      );
    const entries = await readDirectory(zip);
    const files = entries.filter((e) => !e.fileName.endsWith('/') && !isJunk(e.fileName));
    const problems: ZipImageProblem[] = [];
    const images: Entry[] = [];
    let total = 0;
    for (const entry of files) {
      if (entry.isEncrypted())
        problems.push({
          file: entry.fileName,
          code: 'image_encrypted',
          detail: 'The file is encrypted in the zip: zip it again without a password',
        });
      else if (entry.uncompressedSize > IMAGE_UPLOAD_MAX_BYTES)
        problems.push({
          file: entry.fileName,
          code: 'image_too_large',
          detail: imageTooLarge().detail,
        });
      else {
        images.push(entry);
        total += entry.uncompressedSize;
      }
    }
    if (total > limits.totalBytes)
      throw invalid(
        'zip_too_large',
        `The zip's images unpack to ${Math.ceil(total / 1024 / 1024)} MB; at most ${limits.totalBytes / 1024 / 1024} MB are read at once`,
      );
    return { zip, files, images, problems };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/**
 * Checks a zip as `imagesFromZip` will, from its directory only (nothing unpacked or stored):
 * an upload refuses a zip refused whole at once. Answers the number of files it would read.
 */
export async function checkZip(path: string, limits: ZipLimits = ZIP_LIMITS): Promise<number> {
  const { zip, files } = await readZip(path, limits);
  zip.close();
  return files.length;
}

export async function imagesFromZip(
  storage: ImageStorage,
  path: string,
  limits: ZipLimits = ZIP_LIMITS,
  onImage: (done: number, total: number) => void = () => {},
): Promise<ZipImages> {
  const { zip, files, images, problems } = await readZip(path, limits);
  try {
    const stored = new Map<string, string>();
    for (const [done, entry] of images.entries()) {
      const bytes = await readEntry(zip, entry, IMAGE_UPLOAD_MAX_BYTES);
      try {
        stored.set(entry.fileName, (await storeImage(storage, bytes)).source);
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        problems.push({ file: entry.fileName, code: error.code, detail: error.detail });
      }
      onImage(done + 1, images.length);
    }

    const sources = new Map(stored);
    const byName = new Map<string, number>();
    for (const entry of files)
      byName.set(basename(entry.fileName), (byName.get(basename(entry.fileName)) ?? 0) + 1);
    for (const [file, source] of stored) {
      const name = basename(file);
      if (byName.get(name) === 1 && !sources.has(name)) sources.set(name, source);
    }
    return { sources, problems };
  } finally {
    zip.close();
  }
}

// ---------------------------------------------------------------------------------------------
// URL

/**
 * Addresses a fetch may reach: ipaddr.js's 'unicast', the public internet. Loopback, private,
 * link-local (cloud metadata services at 169.254.169.254), carrier-grade NAT, multicast,
 * reserved and documentation ranges, and IPv6 forms that embed an IPv4 address (mapped, NAT64,
 * 6to4, Teredo) are all refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const fetchRefused = (code: string, detail: string) => invalid(code, detail);
const privateAddress = (host: string) =>
  fetchRefused(
    'image_url_private',
    `${host} is an address on this server's own network; only public addresses are fetched`,
  );

/** dns.lookup, refusing a name any of whose addresses is not public (before connecting). */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !allowPrivate && !isPublicAddress(a.address));
      if (refused || addresses.length === 0) return callback(privateAddress(hostname), '', 0);
      // Node connects with `all` (trying each address in turn), or asks for one.
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function checkUrl(text: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fetchRefused('image_url_invalid', `Not a URL: ${text.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw fetchRefused('image_url_invalid', 'Only http and https image URLs are fetched');
  if (url.username || url.password)
    throw fetchRefused('image_url_invalid', 'An image URL may not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup: checked here instead.
  if (isIP(host) && !allowPrivate && !isPublicAddress(host)) throw privateAddress(host);
  return url;
}

/** One GET, answered with its response (whose body is still to be read). */
function get(url: URL, lookup: LookupFunction, signal: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      lookup,
      signal,
      headers: { accept: 'image/*', 'user-agent': 'b2b-storefront image import' },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

function readBody(response: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        response.destroy();
        reject(imageTooLarge());
      } else chunks.push(chunk);
    });
    response.on('error', reject);
    response.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

export async function imageFromUrl(
  storage: ImageStorage,
  text: string,
  { allowPrivate, timeoutMs }: { allowPrivate: boolean; timeoutMs: number },
): Promise<StoredImage> {
  const lookup = checkedLookup(allowPrivate);
  const signal = AbortSignal.timeout(timeoutMs);
  let url = checkUrl(text, allowPrivate);
  try {
    for (let hop = 0; ; hop++) {
      const response = await get(url, lookup, signal);
      const status = response.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
        response.resume();
        if (hop === URL_FETCH_LIMITS.redirects)
          throw fetchRefused(
            'image_fetch_failed',
            `${text} redirects more than ${URL_FETCH_LIMITS.redirects} times`,
          );
        url = checkUrl(new URL(response.headers.location, url).href, allowPrivate);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw fetchRefused('image_fetch_failed', `${text} answered ${status}, not an image`);
      }
      const declared = Number(response.headers['content-length']);
      if (declared > URL_FETCH_LIMITS.bytes) {
        response.destroy();
        throw imageTooLarge();
      }
      return await storeImage(storage, await readBody(response, URL_FETCH_LIMITS.bytes));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted)
      throw fetchRefused(
        'image_fetch_timeout',
        `${text} did not answer within ${timeoutMs / 1000} s`,
      );
    const cause = error as NodeJS.ErrnoException;
    throw fetchRefused(
      'image_fetch_failed',
      `${text} could not be fetched (${cause.code ?? cause.message})`,
    );
  }
}
