/** A local HTTP server standing in for an outside provider, on a port of the tools range (3500–3599). */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export type Recorded = { method: string; url: string; headers: IncomingMessage['headers']; body: string };
export type Stub = { url: string; calls: Recorded[]; close(): Promise<void> };

export async function startStub(
  port: number,
  handle: (req: Recorded, res: ServerResponse) => void,
): Promise<Stub> {
  const calls: Recorded[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const rec = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      calls.push(rec);
      handle(rec, res);
    });
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
