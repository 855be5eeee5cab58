import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of the test Redis that can be switched off and on, so tests can
 * take Redis away from the job runtime and bring it back.
 */
export interface RedisProxy {
  url: string;
  start(): Promise<void>;
  /** Stops listening and cuts every relayed connection. */
  stop(): Promise<void>;
}

export async function createRedisProxy(target = { host: '127.0.0.1', port: 6379 }): Promise<RedisProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;

  // Find a free port, then release it until start().
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (server) return;
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const current = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
