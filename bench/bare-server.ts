// A bare Fastify route in its own process: the floor our real routes are compared with.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'success', res: { ok: true } }));
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
console.log('ready');
