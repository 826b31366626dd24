// nginx from Debian in front of the storefront on this machine, as docs/deploy.md runs it in
// production: deploy/nginx/storefront.conf.template rendered for 127.0.0.1, TLS with a
// self-signed certificate made for the run, HTTP/2, the build's precompressed assets from disk.
// The production-shape journeys (e2e/production/stack.mjs) put it before two replicas, the
// bench (bench/run.ts) before its one server for Lighthouse.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Renders the site and a main context into `dir` (its logs in `dir/logs`) and starts nginx in
 * the foreground on 127.0.0.1:`port`, proxying to the servers on 127.0.0.1:`upstreams`.
 * Resolves once nginx answers; `child` is nginx's process. `edgeRateLimit: false` drops the
 * site's `limit_req`, for a load test: its load comes from one address, a store's from many (the
 * bench's servers raise their own limits likewise, RATE_LIMIT_SCALE).
 */
export async function startNginx({
  dir,
  port,
  upstreams,
  webDist = join(root, 'apps/web/dist'),
  edgeRateLimit = true,
}) {
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const certificate = join(dir, 'tls.pem');
  const key = join(dir, 'tls.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  const variables = {
    SERVER_NAME: '127.0.0.1',
    LISTEN: `127.0.0.1:${port}`,
    TLS_CERTIFICATE: certificate,
    TLS_CERTIFICATE_KEY: key,
    REPLICAS: upstreams
      .map((upstream) => `server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`)
      .join(' '),
    WEB_DIST: webDist,
  };
  // As envsubst with the template's variable list: nginx's own $variables stay.
  const site = readFileSync(join(root, 'deploy/nginx/storefront.conf.template'), 'utf8')
    .replace(/\$\{([A-Z_]+)\}/g, (text, name) => variables[name] ?? text)
    .replace('/var/log/nginx/storefront.access.log', join(dir, 'logs', 'access.log'))
    .replace(/^\s*limit_req zone=.*$/gm, (line) => (edgeRateLimit ? line : ''));
  writeFileSync(join(dir, 'storefront.conf'), site);
  // The main context Debian's /etc/nginx/nginx.conf would give, in this run's folder.
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root root;\n' : ''}load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs', 'error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  include ${join(dir, 'storefront.conf')};
}
`,
  );
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  const url = `https://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited (${child.exitCode}); see ${join(dir, 'logs', 'error.log')}`);
    const answering = await new Promise((resolve) => {
      const socket = createConnection(port, '127.0.0.1', () => socket.end(() => resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (answering) break;
    if (i > 100) throw new Error(`nginx never listened on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
