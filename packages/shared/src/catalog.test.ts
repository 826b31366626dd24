import { describe, expect, it } from 'vitest';
import { ProductListQuery } from './catalog';

describe('ProductListQuery', () => {
  it('refuses a query over 200 characters before trimming it, spaces included', () => {
    const padded = ProductListQuery.safeParse({ query: `${' '.repeat(16_000)}zz` });
    expect(padded.error?.issues[0]).toMatchObject({
      path: ['query'],
      code: 'too_big',
      maximum: 200,
    });
    expect(ProductListQuery.safeParse({ query: `${' '.repeat(199)}z` }).data?.query).toBe('z');
  });

  it('trims a valid query and fills in the defaults', () => {
    expect(ProductListQuery.parse({ query: '  home kitchen ' })).toEqual({
      query: 'home kitchen',
      limit: 20,
      page: 1,
    });
  });
});
