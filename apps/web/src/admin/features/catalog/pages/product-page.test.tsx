import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  CatalogProductDetail,
  CatalogProductList,
  TaxonomyResponse,
} from '@storefront/shared/catalog-desk';
import type { ProductIssue } from '@storefront/shared/catalog-product';
import { OPEN_ENDED_MAX } from '@storefront/shared/pricing';
import type { StaffRole } from '@storefront/shared/staff';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';

const ID = '65a0000000000000000000c1';

const detail: CatalogProductDetail = {
  id: ID,
  version: '1732600000000001',
  product: {
    code: 'BAG-000001',
    sellerSku: 'SUP-1',
    name: 'Canvas Tote Bag',
    brand: 'Acme',
    category: 'bags',
    subcategory: 'totes',
    features: ['Strong handles'],
    descriptionHtml: '<p>A <strong>strong</strong> tote.</p>',
    hsn: '4202',
    gstRateBp: null,
    weightGrams: 350,
    location: 'Surat',
    mrpPaise: 1999_00,
    spPaise: 1499_50,
    tiers: [
      { minQuantity: 1, maxQuantity: 9, pricePaise: 1499_50 },
      { minQuantity: 10, maxQuantity: OPEN_ENDED_MAX, pricePaise: 1399_00 },
    ],
    options: [],
    variants: [],
    images: ['products/BAG-000001-1'],
    status: 'active',
    stock: 12,
    minOrderQuantity: 1,
    orderMultiple: 1,
  },
  issues: [],
  createdAt: '2026-11-20T06:30:00.000Z',
  updatedAt: '2026-11-20T06:30:00.000Z',
};

const taxonomy: TaxonomyResponse = {
  categories: [
    {
      id: '65a0000000000000000000d1',
      name: 'Bags',
      slug: 'bags',
      position: 0,
      productCount: 1,
      onHome: true,
      subcategories: [
        {
          id: '65a0000000000000000000d2',
          name: 'Totes',
          slug: 'totes',
          position: 0,
          productCount: 1,
        },
      ],
    },
  ],
  collections: [],
};

function catalogApi(
  answer: (request: FakeRequest) => FakeAnswer | undefined = () => undefined,
  role: StaffRole = 'catalog',
) {
  return fakeApi((request) => {
    if (request.path === '/api/staff/session') return { body: sessionOf(role) };
    const own = answer(request);
    if (own) return own;
    if (request.path === '/api/staff/catalog/taxonomy') return { body: taxonomy };
    if (request.path === `/api/staff/catalog/products/${ID}` && request.method === 'GET')
      return { body: detail };
    return undefined;
  });
}

const saved = (requests: FakeRequest[]) =>
  requests.find((r) => r.method === 'PUT' || (r.method === 'POST' && r.path.endsWith('/products')));

describe('the product editor', () => {
  it('sends rupees as paise, exactly, with the version it read', async () => {
    const requests = catalogApi((request) =>
      request.method === 'PUT' ? { body: detail } : undefined,
    );
    const user = userEvent.setup();
    renderConsole(`/admin/catalog/products/${ID}`);
    const mrp = await screen.findByLabelText('MRP (₹)', {}, FIRST_LOAD);
    expect(mrp).toHaveValue('1999');
    expect(screen.getByLabelText('Sale price (₹)')).toHaveValue('1499.50');
    await user.clear(mrp);
    await user.type(mrp, '2,000.29');
    await user.clear(screen.getByLabelText('Tier 2 price'));
    await user.type(screen.getByLabelText('Tier 2 price'), '1399.07');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved(requests)).toBeDefined());
    const body = saved(requests)!.body as {
      version: string;
      product: CatalogProductDetail['product'];
    };
    expect(body.version).toBe(detail.version);
    expect(body.product.mrpPaise).toBe(200029);
    expect(body.product.spPaise).toBe(149950);
    expect(body.product.tiers[1]).toEqual({
      minQuantity: 10,
      maxQuantity: OPEN_ENDED_MAX,
      pricePaise: 139907,
    });
    expect(body.product.code).toBe('BAG-000001');
  });

  it('shows each of the server’s issues beside its field and in a summary', async () => {
    const issues: ProductIssue[] = [
      { path: 'hsn', code: 'hsn_invalid', message: 'The HSN code must be 4, 6 or 8 digits' },
      {
        path: 'tiers.1.minQuantity',
        code: 'tier_not_contiguous',
        message:
          'Tier 2 starts at 12, but tier 1 ends at 9: tiers must be contiguous (expected 10)',
      },
      {
        path: 'variants',
        code: 'variant_missing',
        message: 'No variant for "Blue": an active product needs one for every combination',
      },
    ];
    catalogApi((request) =>
      request.method === 'PUT'
        ? {
            status: 422,
            body: {
              detail: 'An active product must keep every rule',
              code: 'product_invalid',
              issues,
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderConsole(`/admin/catalog/products/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }, FIRST_LOAD));
    const summary = await screen.findByTestId('issue-summary');
    expect(summary).toHaveTextContent('3 things need fixing (buyers see this product now)');
    expect(
      within(summary)
        .getByText(/HSN code:/)
        .closest('li'),
    ).toHaveTextContent('HSN code: The HSN code must be 4, 6 or 8 digits');
    expect(within(summary).getByText(/Quantity tiers, tier 2:/)).toBeInTheDocument();
    expect(screen.getByLabelText('HSN code')).toHaveAccessibleDescription(
      '4, 6 or 8 digits The HSN code must be 4, 6 or 8 digits',
    );
    expect(screen.getByLabelText('HSN code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Tier 2 from')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Tier 1 from')).not.toHaveAttribute('aria-invalid');
    const panel = screen.getByRole('region', { name: 'Options and variants' });
    expect(within(panel).getByText(issues[2]!.message)).toBeInTheDocument();
  });

  it("offers the HSN table's rate for the product's HSN code, or a rate of its own, and sends it", async () => {
    const requests = catalogApi((request) => {
      if (request.path === '/api/staff/tax-rates')
        return {
          body: {
            defaultRateBp: 1800,
            rates: [
              { hsnPrefix: '42', rateBp: 500, description: 'Leather', updatedAt: detail.updatedAt },
              { hsnPrefix: '4202', rateBp: 1800, description: 'Bags', updatedAt: detail.updatedAt },
            ],
          },
        };
      return request.method === 'PUT' ? { body: detail } : undefined;
    });
    const user = userEvent.setup();
    renderConsole(`/admin/catalog/products/${ID}`);
    const rate = await screen.findByLabelText('GST rate', {}, FIRST_LOAD);
    // HSN 4202: the longer prefix's 18 %, not the chapter's 5 %.
    await waitFor(() =>
      expect(within(rate).getByRole('option', { selected: true })).toHaveTextContent(
        'From the HSN table (18%)',
      ),
    );
    const hsn = screen.getByLabelText('HSN code');
    await user.clear(hsn);
    await user.type(hsn, '4201');
    expect(within(rate).getByRole('option', { selected: true })).toHaveTextContent(
      'From the HSN table (5%)',
    );
    expect(
      within(rate)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['From the HSN table (5%)', '0%', '0.1%', '0.25%', '0.5%', '3%', '5%', '18%', '40%']);
    await user.selectOptions(rate, '40%');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved(requests)).toBeDefined());
    const body = saved(requests)!.body as { product: CatalogProductDetail['product'] };
    expect(body.product).toMatchObject({ hsn: '4201', gstRateBp: 4000 });
  });

  it('refuses what it cannot read before asking the server, naming the field', async () => {
    const requests = catalogApi();
    const user = userEvent.setup();
    renderConsole(`/admin/catalog/products/${ID}`);
    const sp = await screen.findByLabelText('Sale price (₹)', {}, FIRST_LOAD);
    await user.clear(sp);
    await user.type(sp, '14.999');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('issue-summary')).toHaveTextContent(
      'Sale price: Enter rupees, like 1499 or 1499.50',
    );
    expect(sp).toHaveAttribute('aria-invalid', 'true');
    expect(saved(requests)).toBeUndefined();
  });

  it('generates a variant for every combination of the options and sends each', async () => {
    const requests = catalogApi((request) =>
      request.method === 'PUT' ? { body: detail } : undefined,
    );
    const user = userEvent.setup();
    renderConsole(`/admin/catalog/products/${ID}`);
    await user.click(await screen.findByRole('button', { name: /Add option/ }, FIRST_LOAD));
    await user.type(screen.getByLabelText('Option 1 name'), 'Colour');
    await user.type(screen.getByLabelText('Option 1 values'), 'Red, Blue');
    await user.click(screen.getByRole('button', { name: /Add option/ }));
    await user.type(screen.getByLabelText('Option 2 name'), 'Size');
    await user.type(screen.getByLabelText('Option 2 values'), 'S, L');
    await user.click(screen.getByRole('button', { name: 'Generate variants from the options' }));
    const table = screen.getByRole('table', { name: 'Variants' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Red, S', 'Red, L', 'Blue, S', 'Blue, L']);
    expect(screen.getByLabelText('SKU of Blue, L')).toHaveValue('BAG-000001-BLUE-L');
    await user.type(screen.getByLabelText('Price of Blue, L'), '1549');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved(requests)).toBeDefined());
    const body = saved(requests)!.body as { product: CatalogProductDetail['product'] };
    expect(body.product.options).toEqual([
      { name: 'Colour', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['S', 'L'] },
    ]);
    expect(body.product.variants).toHaveLength(4);
    expect(body.product.variants[3]).toEqual({
      option1: 'Blue, L',
      sku: 'BAG-000001-BLUE-L',
      pricePaise: 154900,
      stock: null,
    });
  });

  it('says so when someone else saved the product first', async () => {
    catalogApi((request) =>
      request.method === 'PUT'
        ? {
            status: 409,
            body: {
              detail: 'This product was changed by someone else since you opened it.',
              code: 'product_changed',
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderConsole(`/admin/catalog/products/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }, FIRST_LOAD));
    expect(await screen.findByText('Someone else changed this product')).toBeVisible();
  });

  it('sets stock by compare-and-set from what it showed', async () => {
    const requests = catalogApi((request) =>
      request.path.endsWith('/stock')
        ? { body: { ...detail, product: { ...detail.product, stock: 20 } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderConsole(`/admin/catalog/products/${ID}`);
    const stock = await screen.findByLabelText('Product stock', {}, FIRST_LOAD);
    expect(stock).toHaveValue('12');
    await user.clear(stock);
    await user.type(stock, '20');
    await user.click(screen.getByRole('button', { name: 'Save stock' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path.endsWith('/stock'))?.body).toEqual({
        rows: [{ variant: null, expected: 12, onHand: 20 }],
      }),
    );
  });
});

describe('the product list', () => {
  it('badges the products needing attention and offers to show only them', async () => {
    const list: CatalogProductList = {
      items: [
        {
          id: ID,
          code: 'BAG-000001',
          sellerSku: null,
          name: 'Canvas Tote Bag',
          brand: 'Acme',
          category: 'bags',
          subcategory: 'totes',
          status: 'active',
          spPaise: 1499_50,
          mrpPaise: 1999_00,
          image: 'products/BAG-000001-missing',
          variantCount: 0,
          stock: { onHand: 3, anyOut: false, anyLow: true },
          issues: [
            {
              path: 'images.0',
              code: 'image_not_found',
              message: 'Image products/BAG-000001-missing does not exist',
            },
          ],
          needsAttention: true,
          updatedAt: '2026-11-20T06:30:00.000Z',
        },
      ],
      page: 1,
      limit: 25,
      total: 1,
      counts: { draft: 0, active: 1, archived: 0, attention: 1, unchecked: 0 },
    };
    const requests = catalogApi((request) =>
      request.path.startsWith('/api/staff/catalog/products?') ||
      request.path === '/api/staff/catalog/products'
        ? { body: list }
        : undefined,
    );
    const user = userEvent.setup();
    renderConsole('/admin/catalog');
    expect(
      await screen.findByRole('link', { name: 'Canvas Tote Bag' }, FIRST_LOAD),
    ).toHaveAttribute('href', `/admin/catalog/products/${ID}`);
    expect(screen.getByRole('list', { name: 'Needs attention' })).toHaveTextContent(
      'Missing image',
    );
    expect(screen.getByText('3 · low')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show them' }));
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain('/api/staff/catalog/products?attention=true'),
    );
  });

  it('keeps fulfilment staff out', async () => {
    catalogApi(undefined, 'fulfilment');
    renderConsole('/admin/catalog');
    expect(
      await screen.findByRole('heading', { name: 'Not available to your role' }, FIRST_LOAD),
    ).toBeVisible();
  });
});
