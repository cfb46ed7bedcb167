// Debian's nginx terminating TLS in front of what a test serves on loopback, as deployments put a reverse proxy in
// front of an app: a certificate for localhost made at test time (nothing of it is kept), a config written into the
// test's own directory, and nginx in the foreground, stopped by the test.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { accepts } from './listen.js';

const run = promisify(execFile);
const NGINX = '/usr/sbin/nginx';

/** A self-signed certificate for `localhost` and 127.0.0.1 in `dir` (`cert.pem`, `key.pem`); resolves with its PEM. */
export async function makeCertificate(dir: string): Promise<string> {
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  return readFile(join(dir, 'cert.pem'), 'utf8');
}

/** The `location` lines that forward to a backend as a TLS-terminating proxy does (streams unbuffered). */
export const PROXY_LOCATION = `proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-Proto https;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 120s;
      proxy_connect_timeout 2s;`;

/** A `server` block listening on 127.0.0.1:`port` with TLS (the certificate in `dir`), `location /` doing `location`. */
export const tlsServer = (dir: string, port: number, location: string) => `  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location / {
      ${location}
      ${PROXY_LOCATION}
    }
  }`;

export interface Nginx {
  readonly process: ChildProcess;
  /** What nginx wrote to stderr so far. */
  log(): string;
  stop(): void;
}

/**
 * Starts nginx with `http` as the body of its `http { }` block (upstreams, maps, a `server` listening with
 * `ssl_certificate ${dir}/cert.pem`), everything else of it kept in `dir`; resolves once `port` accepts connections.
 */
export async function startNginx(dir: string, port: number, http: string): Promise<Nginx> {
  await writeFile(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${http}
}
`,
  );
  let log = '';
  const child = spawn(
    NGINX,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  child.stderr!.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  await accepting(port, child, () => log);
  return { process: child, log: () => log, stop: () => void child.kill('SIGTERM') };
}

/** Resolves once nginx accepts TCP connections on the port (it prints no "ready" line); bounded by the hook's timeout. */
async function accepting(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${log()}`);
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
