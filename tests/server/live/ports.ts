/** Ports for what these tests listen on: only from the live range 3300–3399. */
import { createServer } from 'node:net';

let next = 3300 + Math.floor(Math.random() * 90);

export async function freePort(): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const port = 3300 + ((next++ - 3300) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3300-3399');
}
