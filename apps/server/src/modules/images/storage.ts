/**
 * Where uploaded product images are kept, behind one small interface: a directory under
 * DATA_DIR by default, any S3-compatible bucket with IMAGE_STORAGE=s3 (config.ts). Keys are
 * the images' sources ('uploads/<hash>.jpg'); an object is written once and never changed (its
 * key is its content's hash), so neither backend needs locking and a put may be repeated.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Config, ImageStorageConfig } from '../../config.js';

export interface ImageStorage {
  /** 'local' keeps objects on this machine's disk; 's3' in a bucket every replica shares. */
  readonly kind: ImageStorageConfig['kind'];
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are made by this module (modules/images/upload.ts), never taken from a request as they
 * are; still, a key that could leave the directory or name something odd in a bucket is refused
 * here, where a mistake elsewhere would otherwise become a path on disk.
 */
const KEY = /^[a-z0-9]+(?:\/[a-z0-9][a-z0-9_-]*)*(?:\.[a-z0-9]+)?$/;

/** Whether `key` is one this storage keeps (a backup's photos are checked with it before restoring). */
export const isStorageKey = (key: string) => KEY.test(key) && key.length <= 200;

function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not an image storage key: ${key}`);
  return key;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Objects as files under `root` (DATA_DIR/images), each written whole then renamed into place. */
export function localImageStorage(root: string): ImageStorage {
  const file = (key: string) => join(root, checkKey(key));
  return {
    kind: 'local',
    async put(key, bytes) {
      const path = file(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        return (await stat(file(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}

type S3Settings = Extract<ImageStorageConfig, { kind: 's3' }>;

/** The SDK's error for a key that is not there: NoSuchKey from GET, NotFound (a bare 404) from HEAD. */
const notThere = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Objects in an S3-compatible bucket through the official AWS SDK (v3). The SDK (several MB of
 * code) is loaded on the first call, so a server storing images on disk never loads it.
 */
export function s3ImageStorage(settings: S3Settings): ImageStorage {
  let client: Promise<{ s3: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined;
  const connect = () =>
    (client ??= import('@aws-sdk/client-s3').then(
      (sdk) => ({
        sdk,
        s3: new sdk.S3Client({
          region: settings.region,
          endpoint: settings.endpoint,
          forcePathStyle: settings.forcePathStyle,
          credentials: settings.credentials,
          // Checksums only where S3 requires them: the SDK's newer default (a CRC on every
          // upload) is refused by several S3-compatible services.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          // A bucket that stops answering fails the request instead of holding it open.
          requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000 },
        }),
      }),
      (error: unknown) => {
        client = undefined;
        throw error;
      },
    ));
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const { s3, sdk } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      const { s3, sdk } = await connect();
      try {
        const answer = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return answer.Body
          ? Buffer.from(await answer.Body.transformToByteArray())
          : Buffer.alloc(0);
      } catch (error) {
        if (notThere(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      const { s3, sdk } = await connect();
      try {
        await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (error) {
        if (notThere(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}

const shared = new WeakMap<object, ImageStorage>();

/**
 * The image storage the configuration names, one per configuration: the images module, the
 * catalog import and the operator's CLI each call this and share one client.
 */
export function imageStorage(config: Pick<Config, 'dataDir' | 'images'>): ImageStorage {
  const cached = shared.get(config);
  if (cached) return cached;
  const settings = config.images.storage;
  const storage =
    settings.kind === 's3'
      ? s3ImageStorage(settings)
      : localImageStorage(join(config.dataDir, 'images'));
  shared.set(config, storage);
  return storage;
}
