/** Catalog objects shaped like the API's answers, for component tests. */
import type {
  Category,
  HomeCollection,
  ProductDetail,
  ProductListItem,
  ProductSummary,
} from '@storefront/shared/catalog';

let counter = 0;
function nextId() {
  counter += 1;
  return counter.toString(16).padStart(24, '0');
}

export function summary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  const id = overrides._id ?? nextId();
  const images = overrides.images ?? [`products/P-${id.slice(-4)}-1`];
  return {
    _id: id,
    objectID: id,
    name: `Product ${id.slice(-4)}`,
    category: 'Home & Kitchen',
    subcategory: 'Drinkware',
    summary: 'A sturdy product for daily commercial use.',
    mrp: 1200,
    sp: 999,
    regularPrice: 1200,
    salePrice: 999,
    imgUrl: images.map((src) => ({ src })),
    images,
    pd_brand: 'Generic',
    ...overrides,
  };
}

/** A product as a category or collection listing answers it: the whole plain-text description. */
export function listItem(overrides: Partial<ProductListItem> = {}): ProductListItem {
  const { summary: _summary, ...base } = summary({ _id: overrides._id, images: overrides.images });
  return { ...base, description: 'A sturdy product for daily commercial use.', ...overrides };
}

export function detail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const base = summary(overrides);
  return {
    ...base,
    id: { $oid: base._id },
    description: '<p>Made for <strong>offices</strong>.</p>',
    features: ['Steel body', 'Dishwasher safe'],
    weight: 400,
    code: 'HK-000001',
    hsn: '7323',
    pd_location: 'Chennai, Tamil Nadu',
    variable_pricing: [{ '1-24': 999 }, { '25-99': 899 }, { '100>': 799 }],
    priceTiers: [
      { minQuantity: 1, maxQuantity: 24, price: 999, savingsPercentage: 0 },
      { minQuantity: 25, maxQuantity: 99, price: 899, savingsPercentage: 10 },
      { minQuantity: 100, maxQuantity: 999999, price: 799, savingsPercentage: 20 },
    ],
    options: [],
    varients: [],
    minOrderQuantity: 1,
    orderMultiple: 1,
    gstRate: 18,
    ...overrides,
  };
}

export const CATEGORIES: Category[] = [
  {
    _id: { $oid: 'a'.repeat(24) },
    category: 'Home & Kitchen',
    slug: 'home-&-kitchen',
    subCategory: [
      { name: 'Drinkware', slug: 'drinkware' },
      { name: 'Bedding', slug: 'bedding' },
    ],
  },
  {
    _id: { $oid: 'b'.repeat(24) },
    category: 'Bags, Wallets & Luggage',
    slug: 'bags,-wallets-and-luggage',
    subCategory: [{ name: 'Backpacks', slug: 'backpacks' }],
  },
];

/** The home collections as the seed stores them (GET /api/products/collections). */
export const COLLECTIONS: HomeCollection[] = [
  {
    slug: 'under-2000',
    title: 'Under 2000',
    subtitle: 'Explore our Budget friendly products',
    position: 0,
  },
  {
    slug: 'international-best-sellers',
    title: 'Global Best Sellers',
    subtitle: 'What businesses around the world reorder most',
    position: 1,
  },
  {
    slug: 'new-arrivals',
    title: 'Newest Arrival',
    subtitle: 'Fresh stock from our suppliers',
    position: 2,
  },
  { slug: 'top-50', title: 'Top 50', subtitle: 'Our fifty most popular products', position: 3 },
  { slug: 'hot-selling', title: 'Hot Selling', subtitle: 'Selling fast this week', position: 4 },
];
