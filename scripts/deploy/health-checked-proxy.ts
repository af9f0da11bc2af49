// A small reverse proxy for scripts/deploy/local-topology.ts, standing in for Caddy where no container can
// run: round robin over the instances whose /health/ready answered 200 at the last poll, X-Forwarded-For set
// to the caller's own address (never passed on from the caller), a request that finds an instance gone tried
// once on the next. What it must do is what deploy/Caddyfile configures.
import { request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { once } from 'node:events';

export interface HealthCheckedProxy {
  url: string;
  close(): Promise<void>;
}

export async function startHealthCheckedProxy(
  upstreams: string[],
  { pollMs = 2000, port = 0 }: { pollMs?: number; port?: number } = {},
): Promise<HealthCheckedProxy> {
  const healthy = new Set<string>();
  const poll = async () => {
    await Promise.all(
      upstreams.map(async (upstream) => {
        const ok = await fetch(`${upstream}/health/ready`, { signal: AbortSignal.timeout(pollMs) })
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) healthy.add(upstream);
        else healthy.delete(upstream);
      }),
    );
  };
  await poll();
  const timer = setInterval(() => void poll(), pollMs);
  let next = 0;
  const pick = (skip?: string) => {
    const live = upstreams.filter((u) => healthy.has(u) && u !== skip);
    return live.length === 0 ? undefined : live[next++ % live.length];
  };

  const forward = (
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    upstream: string,
    retry: boolean,
  ) => {
    const target = new URL(req.url ?? '/', upstream);
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? 'unknown' };
    const out = request(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => {
      const other = retry ? pick(upstream) : undefined;
      if (other) forward(req, res, body, other, false);
      else if (!res.headersSent) res.writeHead(502).end('no instance answered');
      else res.destroy();
    });
    out.end(body);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const upstream = pick();
      if (!upstream) res.writeHead(503).end('no instance is ready');
      else forward(req, res, Buffer.concat(chunks), upstream, true);
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
