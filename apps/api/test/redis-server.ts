import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

/** A port nothing listens on now (the kernel's choice for port 0). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * A redis-server of the test's own on a free port (no persistence), to kill and restart at will
 * without touching the machine's shared Redis. A port taken between the choice and the start
 * (another test's server, a browser) makes redis-server exit: then another port is tried.
 */
export async function startRedisServer(): Promise<Awaited<ReturnType<typeof redisServerOn>>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await redisServerOn(await freePort());
    } catch (e) {
      if (attempt >= 5) throw e;
    }
  }
}

async function redisServerOn(port: number) {
  let child: ChildProcess | undefined;
  const start = async () => {
    const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    child = proc;
    const deadline = Date.now() + 5000;
    while (!(await canConnect(port))) {
      if (proc.exitCode !== null) throw new Error(`redis-server on ${port} exited with ${proc.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    /** Kills it hard (SIGKILL), as a crash or an OOM kill would. */
    async kill() {
      const proc = child;
      child = undefined;
      if (!proc || proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    },
    /** Starts again on the same port. */
    restart: start,
  };
}
