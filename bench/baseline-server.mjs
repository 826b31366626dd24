// The ceiling of a Node server on this machine: Fastify answering fixed bytes from memory,
// with the same content type as the scenario it is compared with.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BASELINE_BODY);
const type = process.env.BASELINE_TYPE ?? 'application/json; charset=utf-8';
const app = Fastify({ logger: false });
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, payload, done) => done(null, payload));
const answer = async (_request, reply) => reply.type(type).send(body);
app.get('/*', answer);
app.post('/*', answer);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
