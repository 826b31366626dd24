import { describe, expect, it } from 'vitest';
import * as shared from '@storefront/shared/store-settings';
import { countryList, countryNotServedMessage } from './ships-to';

describe('where the store ships', () => {
  it('says it in the server’s words', () => {
    for (const shipsTo of [['India'], ['India', 'Nepal'], ['India', 'Nepal', 'Bhutan']]) {
      expect(countryList(shipsTo)).toBe(shared.countryList(shipsTo));
      expect(countryNotServedMessage(shipsTo)).toBe(shared.countryNotServedMessage(shipsTo));
    }
    expect(countryNotServedMessage(['India', 'Nepal'])).toBe(
      'We ship only to India and Nepal. Choose a delivery address there.',
    );
  });
});
