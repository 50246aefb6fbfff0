/**
 * How long a client may take to send its whole request, per route. Node's own `requestTimeout` is one
 * number for the whole server, so it is set to the longest allowance (uploads) and this hook holds every
 * other route to the usual one: a client that trickles a login body for a minute is not a client, but a leaf
 * photo or a CSV file on a 2G connection can take several minutes and still be worth waiting for.
 *
 * A route asks for the upload allowance with `config: { upload: true }`. When the allowance runs out before
 * the request has fully arrived, the client gets 408 and the connection is closed, as Node itself does.
 */
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route receives files: it gets config.uploadTimeoutMs instead of config.requestTimeoutMs. */
    upload?: boolean;
  }
}

const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

export default fp(
  async (app) => {
    app.addHook('onRequest', async (req, reply) => {
      if (req.raw.complete) return;
      const limit = req.routeOptions.config?.upload ? app.config.uploadTimeoutMs : app.config.requestTimeoutMs;
      if (limit <= 0) return;
      const timer = setTimeout(() => {
        if (req.raw.complete) return;
        req.log.info({ limitMs: limit, url: req.url }, 'request not received in time');
        const socket = req.raw.socket;
        if (!reply.raw.headersSent && socket.writable) socket.end(TIMED_OUT, () => socket.destroy());
        else socket.destroy();
      }, limit);
      timer.unref();
      const stop = () => clearTimeout(timer);
      req.raw.once('end', stop);
      req.raw.once('close', stop);
      reply.raw.once('finish', stop);
    });
  },
  { name: 'request-timeout' },
);
