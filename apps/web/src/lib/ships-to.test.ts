import { describe, expect, it } from 'vitest';
import * as shared from '@storefront/shared/store-settings';
import { countryList, countryNotServedMessage, shipsToCountry } from './ships-to';

describe('where the store ships', () => {
  it('matches the checkout’s country code against the setting’s names, in any case', () => {
    expect(shipsToCountry(['India'], 'in')).toBe(true);
    expect(shipsToCountry(['india'], 'IN')).toBe(true);
    expect(shipsToCountry(['India', 'Nepal'], 'np')).toBe(true);
    expect(shipsToCountry(['India'], 'us')).toBe(false);
    // A setting written with codes works too.
    expect(shipsToCountry(['in'], 'in')).toBe(true);
    expect(shipsToCountry([], 'in')).toBe(false);
  });

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
