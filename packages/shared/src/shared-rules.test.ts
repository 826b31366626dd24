import { describe, expect, it } from 'vitest';
import { formatRupees, groupIndian, paiseToRupees, rupeesToPaise } from './money.js';
import { catalogMatchKey, categorySlug, slugToQuery } from './slugs.js';
import { PLACEHOLDER_IMAGE, imageSrcSet, resolveImageUrl } from './images.js';
import { gstinCheckCharacter, gstinProblem, isValidGstin } from './gstin.js';
import { canPay, canTrack, statusBadge } from './order-status.js';

describe('rupee formatting', () => {
  it.each([
    [12_345_600, '₹1,23,456.00'],
    [0, '₹0.00'],
    [5, '₹0.05'],
    [100_000_000_00, '₹10,00,00,000.00'],
    [99_999, '₹999.99'],
  ])('%i paise reads %s', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });

  it('groups and rounds as Intl.NumberFormat en-IN does, negatives included', () => {
    const intl = new Intl.NumberFormat('en-IN', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 48271) % 2147483647;
      const paise = (seed % 10 ** (1 + (i % 12))) * (i % 7 === 0 ? -1 : 1);
      const expected = `${paise < 0 ? '-' : ''}₹${intl.format(Math.abs(paise) / 100)}`;
      expect(formatRupees(paise), String(paise)).toBe(expected);
    }
    for (const count of [0, 7, 999, 1000, 12_345, 123_456, 1_234_567, 100_000_000])
      expect(groupIndian(count)).toBe(count.toLocaleString('en-IN'));
  });

  it('converts between rupees and paise without float drift', () => {
    expect(rupeesToPaise(1.15)).toBe(115);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(paiseToRupees(1999)).toBe(19.99);
  });
});

describe('category slugs', () => {
  it('lowercases and hyphenates names for links', () => {
    expect(categorySlug('Home & Kitchen')).toBe('home-&-kitchen');
    expect(categorySlug('Car & MotorBike')).toBe('car-&-motorbike');
  });

  it('turns a slug into the listing query', () => {
    expect(slugToQuery('bags,-wallets-and-luggage')).toBe('bags wallets and luggage');
    expect(slugToQuery('home-&-kitchen')).toBe('home kitchen');
  });

  it('matches the spec slug, the link slug and the display name on one key', () => {
    const key = catalogMatchKey('Bags, Wallets & Luggage');
    expect(key).toBe('bags wallets luggage');
    expect(catalogMatchKey('bags,-wallets-and-luggage')).toBe(key);
    expect(catalogMatchKey(categorySlug('Bags, Wallets & Luggage'))).toBe(key);
    expect(catalogMatchKey(slugToQuery('bags,-wallets-and-luggage'))).toBe(key);
  });
});

describe('image URLs', () => {
  it.each([
    ['', PLACEHOLDER_IMAGE],
    ['   ', PLACEHOLDER_IMAGE],
    [null, PLACEHOLDER_IMAGE],
    ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['products/abc-1', '/images/products/abc-1.png'],
    ['products/abc-1.png', '/images/products/abc-1.png'],
    ['products/abc-1.', '/images/products/abc-1.png'],
    ['/products/abc.webp', '/images/products/abc.webp'],
    // An uploaded photo keeps its own extension: its full size is the stored JPEG or PNG.
    [`uploads/${'ab'.repeat(16)}.jpg`, `/images/uploads/${'ab'.repeat(16)}.jpg`],
    [`uploads/${'cd'.repeat(16)}.png`, `/images/uploads/${'cd'.repeat(16)}.png`],
  ])('"%s" resolves to %s', (src, url) => {
    expect(resolveImageUrl(src)).toBe(url);
  });

  it('offers WebP widths only for local images', () => {
    expect(imageSrcSet('/images/products/a.png', [160, 320])).toBe(
      '/images/products/a.png?w=160 160w, /images/products/a.png?w=320 320w',
    );
    expect(imageSrcSet('https://cdn.example.com/a.jpg')).toBeUndefined();
    const upload = resolveImageUrl(`uploads/${'ab'.repeat(16)}.jpg`);
    expect(imageSrcSet(upload, [160])).toBe(`${upload}?w=160 160w`);
  });
});

describe('GSTIN', () => {
  it('computes the worked example check character V', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin(' 27aapfu0939f1zv ')).toBe(true);
  });

  it.each([
    ['27AAPFU0939F1Z', 'length'],
    ['27AAPFU0939F1ZO', 'checksum'],
    ['27AAPXU0939F1ZV', 'format'],
    ['27AAPFU0000F1ZV', 'format'],
    ['40AAPFU0939F1ZV', 'state'],
  ])('%s fails on %s', (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });
});

describe('order status', () => {
  it('labels each pStatus with its colour', () => {
    expect(statusBadge('UP')).toEqual({ label: 'Payment Pending', tone: 'blue' });
    expect(statusBadge('PU')).toEqual({ label: 'Payment Pending', tone: 'blue' });
    expect(statusBadge('PD')).toEqual({ label: 'Paid', tone: 'green' });
    expect(statusBadge('PF')).toEqual({ label: 'Payment Failed', tone: 'red' });
    expect(statusBadge('SHIPPED')).toEqual({ label: 'Shipped', tone: 'orange' });
    expect(statusBadge('DELIVERED')).toEqual({ label: 'Delivered', tone: 'green' });
    expect(statusBadge('XX').label).toBe('XX');
    expect(statusBadge('').label).toBe('Unknown');
  });

  it('offers Pay Now for UP, PF or no status, and tracking once paid', () => {
    expect(['UP', 'PF', '', undefined].every((s) => canPay(s))).toBe(true);
    expect(['PD', 'SHIPPED', 'DELIVERED', 'PU'].some((s) => canPay(s))).toBe(false);
    expect(canTrack('PD')).toBe(true);
    expect(canTrack('UP')).toBe(false);
  });
});

describe('route table', () => {
  it('hides the header and footer on the spec’s paths only', async () => {
    const { isChromeless } = await import('./routes.js');
    expect(['/checkout', '/auth', '/order-success', '/verify-email/abc'].every(isChromeless)).toBe(
      true,
    );
    expect(['/', '/cart', '/orders', '/authors', '/products/1'].some(isChromeless)).toBe(false);
  });

  it('matches paths to pages with their parameter decoded', async () => {
    const { matchPage } = await import('./routes.js');
    const name = (path: string) => matchPage(path)?.name;
    expect(matchPage('/products/abc')).toMatchObject({ name: 'product', param: 'abc' });
    expect(matchPage('/categories/home-%26-kitchen/')).toMatchObject({
      name: 'category',
      param: 'home-&-kitchen',
    });
    expect(matchPage('/')).toMatchObject({ name: 'home', param: undefined });
    expect(name('/order/abc/payment')).toBe('orderPayment');
    expect(name('/verify-email')).toBe('verifyEmail');
    expect(name('/products/a/b')).toBeUndefined();
    expect(name('/products')).toBeUndefined();
  });

  it('builds every page’s href on that page’s own path', async () => {
    const { href, matchPage, PAGE_LIST } = await import('./routes.js');
    // One argument each (an id, a slug, a token); the others ignore it.
    const builders = href as unknown as Record<string, (argument: string) => string>;
    expect(Object.keys(href).sort()).toEqual(PAGE_LIST.map(([name]) => name).sort());
    for (const [name] of PAGE_LIST) {
      const built = builders[name]!('x1').split('?')[0]!;
      expect(matchPage(built)?.name, name).toBe(name);
    }
  });

  it('gives a listing page its own first call for the page its query names', async () => {
    const { matchPage, PAGES } = await import('./routes.js');
    // A QueryParams of our own: this package type-checks without DOM or Node globals (types: []),
    // so URLSearchParams is not declared here.
    const query = { get: (name: string) => (name === 'page' ? '3' : null) };
    const match = matchPage('/categories/bags', query)!;
    expect(PAGES.category.firstCall.url(match)).toBe('/api/products?query=bags&limit=20&page=3');
    expect(PAGES.category.firstCall.url(matchPage('/categories/bags')!)).toBe(
      '/api/products?query=bags&limit=20&page=1',
    );
  });

  it('builds hrefs that keep category slugs as the spec writes them', async () => {
    const { href } = await import('./routes.js');
    expect(href.category('bags,-wallets-and-luggage')).toBe(
      '/categories/bags,-wallets-and-luggage',
    );
    expect(href.category('home-&-kitchen')).toBe('/categories/home-&-kitchen');
    // Only what would break the path is escaped.
    expect(href.subcategory('a/b?c#d e')).toBe('/subcategories/a%2Fb%3Fc%23d%20e');
    expect(href.auth()).toBe('/auth');
    expect(href.search('steel bottle')).toBe('/search?q=steel%20bottle');
    expect(href.auth({ returnUrl: '/products/1', sessionExpired: true })).toBe(
      '/auth?returnUrl=%2Fproducts%2F1&sessionExpired=true',
    );
  });
});
