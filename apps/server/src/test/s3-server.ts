/**
 * A real server of the S3 protocol on loopback for the tests (s3rver, objects in a temporary
 * directory), with one bucket, answering the S3 REST protocol the AWS SDK speaks. It knows one
 * access key (below) and refuses others; it does not verify SigV4 signatures themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { ImageStorageConfig } from '../config.js';

export interface TestS3 {
  /** The storage settings that point at it (path-style, as self-hosted servers need). */
  settings: Extract<ImageStorageConfig, { kind: 's3' }>;
  /** The same as environment variables, as an operator would set them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'storefront-images'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'storefront-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    env: {
      IMAGE_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
