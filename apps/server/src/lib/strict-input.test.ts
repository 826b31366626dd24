import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictSchema } from './strict-input.js';

const messages = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('strictSchema', () => {
  it('makes an object that says nothing of unknown keys strict, naming the key', () => {
    const schema = strictSchema(z.object({ a: z.string() }), 'field');
    expect(messages(schema, { a: 'x', role: 'admin', b: 1 })).toEqual([': Unknown field: role, b']);
    expect(schema.parse({ a: 'x' })).toEqual({ a: 'x' });
  });

  it('reaches objects inside optional, default, pipe, array, union and record', () => {
    const inner = z.object({ n: z.number() });
    const schema = strictSchema(
      z
        .object({
          list: z.array(inner).optional(),
          either: z.union([inner, z.string()]),
          byName: z.record(z.string(), inner).default({}),
        })
        .transform((value) => value),
      'field',
    );
    expect(
      messages(schema, {
        list: [{ n: 1, x: 1 }],
        either: { n: 1, y: 1 },
        byName: { k: { n: 1, z: 1 } },
      }),
    ).toEqual([
      'list.0: Unknown field: x',
      'either: Unknown field: y',
      'byName.k: Unknown field: z',
    ]);
  });

  it('leaves an object declared loose loose, and the objects inside it strict', () => {
    const schema = strictSchema(z.looseObject({ inner: z.object({}).optional() }), 'field');
    expect(schema.parse({ agent: 'x' })).toEqual({ agent: 'x' });
    expect(messages(schema, { inner: { q: 1 } })).toEqual(['inner: Unknown field: q']);
  });

  it('keeps the refinements of the object and its own messages for other issues', () => {
    const schema = strictSchema(
      z
        .object({ a: z.string({ error: 'a is required' }) })
        .refine((value) => value.a !== 'no', { message: 'not no', path: ['a'] }),
      'query parameter',
    );
    expect(messages(schema, {})).toEqual(['a: a is required']);
    expect(messages(schema, { a: 'no' })).toEqual(['a: not no']);
    expect(messages(schema, { a: 'yes', page: 2 })).toEqual([': Unknown query parameter: page']);
  });

  it('answers the same schema when there is nothing to change', () => {
    const schema = z.array(z.string()).optional();
    expect(strictSchema(schema, 'field')).toBe(schema);
  });
});
