import WebSocket from 'ws';

export type Received = { event: string; channel?: string; data?: unknown };

/** A real WebSocket client that records what it receives. */
export async function openSocket(url: string) {
  const ws = new WebSocket(url);
  const received: Received[] = [];
  ws.on('message', (raw) => received.push(JSON.parse(String(raw))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const waitFor = async (pred: (m: Received) => boolean, timeoutMs = 3000): Promise<Received> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = received.find(pred);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`socket: nothing matched; got ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return {
    received,
    waitFor,
    send: (msg: unknown) => ws.send(JSON.stringify(msg)),
    async subscribe(channel: string, auth: string) {
      ws.send(JSON.stringify({ event: 'subscribe', channel, auth }));
      return waitFor((m) => m.channel === channel && (m.event === 'subscribed' || m.event === 'subscription_error'));
    },
    close: () => ws.close(),
  };
}
