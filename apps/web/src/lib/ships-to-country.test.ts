import { describe, expect, it } from 'vitest';
import { findCountry } from '@storefront/shared/countries';
import { shipsToCountry as withList } from './ships-to-country';

const shipsToCountry = (shipsTo: string[], country: string) =>
  withList(shipsTo, country, findCountry);

describe('whether the store ships to a country of the checkout', () => {
  it('matches the checkout’s country code against the setting’s names, in any case', () => {
    expect(shipsToCountry(['India'], 'in')).toBe(true);
    expect(shipsToCountry(['india'], 'IN')).toBe(true);
    expect(shipsToCountry(['India', 'Nepal'], 'np')).toBe(true);
    expect(shipsToCountry(['India'], 'us')).toBe(false);
    // A setting written with codes works too.
    expect(shipsToCountry(['in'], 'in')).toBe(true);
    expect(shipsToCountry([], 'in')).toBe(false);
  });

  it('knows India before the country list has loaded', () => {
    expect(withList(['India'], 'in', undefined)).toBe(true);
    expect(withList(['in', 'Nepal'], 'in', undefined)).toBe(true);
    expect(withList(['Nepal'], 'in', undefined)).toBe(false);
  });
});
