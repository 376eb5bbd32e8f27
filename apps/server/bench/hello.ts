// The baseline for the benchmark: a bare Fastify route on the same machine and Node.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3990), host: '127.0.0.1' });
