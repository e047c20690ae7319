import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
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

/**
 * A redis-server of the test's own on a random port (no persistence), to kill and restart at will
 * without touching the machine's shared Redis.
 */
export async function startRedisServer(port = randomInt(20_000, 60_000)) {
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
