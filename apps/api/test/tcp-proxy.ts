import net, { type AddressInfo } from 'node:net';

/**
 * A TCP relay in front of a real server, to make it unreachable and back on demand without
 * stopping it (others share the machine's PostgreSQL). `stop()` closes the port and cuts every
 * relayed connection — what a client sees when the server goes down; `start()` reopens the same port.
 * In `blackhole` mode connections are accepted and never answered (a server that hangs).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let blackhole = false;
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer((client) => {
        track(client);
        if (blackhole) return;
        const upstream = net.connect(target.port, target.host);
        track(upstream);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => resolve((srv.address() as AddressInfo).port));
      server = srv;
    });
  const port = await listen(0);
  return {
    port,
    set blackhole(on: boolean) {
      blackhole = on;
    },
    async stop() {
      const srv = server;
      server = undefined;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (srv ? srv.close(() => resolve()) : resolve()));
    },
    async start() {
      await listen(port);
    },
  };
}
