import { describe, expect, it } from 'vitest';
import { sourceLabel } from './shipping-sources';

describe('sourceLabel (spec §9)', () => {
  it('names the known sources', () => {
    expect(sourceLabel('Ex-india custom', 'Steel Kettle')).toBe('Ex-India Customs (INR)');
    expect(sourceLabel('doorstep delivery')).toBe('Doorstep Delivery');
  });

  it("names any other source '{product} B2B'", () => {
    expect(sourceLabel('warehouse-7', 'Steel Kettle')).toBe('Steel Kettle B2B');
    expect(sourceLabel('', 'Steel Kettle')).toBe('Steel Kettle B2B');
  });
});
