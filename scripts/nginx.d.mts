/** Types of nginx.mjs, for TypeScript projects that do not read JavaScript (the bench's). */
import type { ChildProcess } from 'node:child_process';

export declare function startNginx(options: {
  dir: string;
  port: number;
  upstreams: number[];
  webDist?: string;
  edgeRateLimit?: boolean;
}): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }>;
