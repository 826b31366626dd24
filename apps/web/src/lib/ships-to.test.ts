import { describe, expect, it } from 'vitest';
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

  it('lists the countries as a sentence does, in the server’s refusal', () => {
    expect(countryList(['India'])).toBe('India');
    expect(countryList(['India', 'Nepal'])).toBe('India and Nepal');
    expect(countryList(['India', 'np', 'Bhutan'])).toBe('India, Nepal and Bhutan');
    expect(countryNotServedMessage(['India'])).toBe(
      'We ship only to India. Choose a delivery address there.',
    );
  });
});
