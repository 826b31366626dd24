// The ceiling of a Node server on this machine: Fastify answering fixed bytes from memory,
// with the same content type, and the same content encoding when the scenario's answer was
// compressed (the bytes are then the compressed ones, as the server sent them).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BASELINE_BODY);
const type = process.env.BASELINE_TYPE ?? 'application/json; charset=utf-8';
const encoding = process.env.BASELINE_ENCODING;
const app = Fastify({ logger: false });
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, payload, done) => done(null, payload));
const answer = encoding
  ? async (_request, reply) => reply.type(type).header('content-encoding', encoding).send(body)
  : async (_request, reply) => reply.type(type).send(body);
app.get('/*', answer);
app.post('/*', answer);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
