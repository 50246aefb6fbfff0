/**
 * A real HTTP server on 127.0.0.1 standing in for the API, so src/services/http.ts runs for real
 * (redaxios → fetch → TCP). The browser resolves '/api/v1/…' against the page's origin; Node's fetch
 * has no page, so relative URLs are resolved against this server's origin, the way a browser would.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, onTestFinished, vi } from 'vitest';

export type ApiRequest = { method: string; path: string; /** The query string's parameters. */ query: Record<string, string>; authorization?: string; contentType?: string; idempotencyKey?: string; body: unknown };
/** `drop`: the connection is cut with no answer (a network lost mid-request: the client's status 0). */
export type ApiAnswer = { status: number; body?: unknown; delayMs?: number; drop?: boolean };
export type ApiHandler = (req: ApiRequest) => ApiAnswer | Promise<ApiAnswer>;

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startApiServer(handler: ApiHandler) {
  const requests: ApiRequest[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://api');
    const request: ApiRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      body: await readBody(req),
    };
    requests.push(request);
    const answer = await handler(request);
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (answer.drop) return void req.socket.destroy();
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const nativeFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    nativeFetch(typeof input === 'string' ? new URL(input, origin) : input, init),
  );
  let closed: Promise<void> | undefined;
  const api = {
    origin,
    requests,
    /** Requests to one path (under /api/v1). */
    calls: (path: string) => requests.filter((r) => r.path === `/api/v1${path}`),
    /** Stops the server and puts fetch back (once; a server started in a test is closed when the test ends). */
    close() {
      closed ??= (async () => {
        vi.unstubAllGlobals();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closed;
    },
  };
  // Started by a test (or its beforeEach): closed when the test ends. Started in a beforeAll: the file closes it.
  if (expect.getState().currentTestName !== undefined) onTestFinished(() => api.close());
  return api;
}

export type ApiServer = Awaited<ReturnType<typeof startApiServer>>;
