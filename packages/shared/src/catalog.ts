import { z } from 'zod';
import { MAX_LISTING_PAGE, MULTIPLE_PRODUCTS_MAX, PAGE_SIZE } from './constants.js';

/**
 * The catalog API contract (spec §3 "Product", "Category", §7). Prices are rupees in the API,
 * as the spec's fields are; the database holds paise. Image fields carry the stored source
 * (resolved by `resolveImageUrl` on the client).
 */

/** Product and order ids are 24 hexadecimal characters (the `$oid` of the spec's payloads). */
export const ObjectId = z.string().regex(/^[0-9a-f]{24}$/, 'Malformed id');
export const Oid = z.object({ $oid: ObjectId });

export const ImageRef = z.object({ src: z.string() });

export const ProductSummary = z.object({
  _id: ObjectId,
  objectID: ObjectId,
  name: z.string(),
  category: z.string(),
  subcategory: z.string(),
  /** Plain text of the description, cut for listings (the list view shows 150 characters). */
  summary: z.string(),
  mrp: z.number(),
  sp: z.number(),
  regularPrice: z.number(),
  salePrice: z.number(),
  imgUrl: z.array(ImageRef),
  images: z.array(z.string()),
  pd_brand: z.string(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

/**
 * A product in a category or collection listing: the whole description as plain text instead of
 * the cut summary, because the listing's search box matches name or description (spec §5) and
 * filters the page in the browser (decision 031).
 */
export const ProductListItem = ProductSummary.omit({ summary: true }).extend({
  description: z.string(),
});
export type ProductListItem = z.infer<typeof ProductListItem>;

export const ProductOption = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof ProductOption>;

/**
 * A variant (spec §3): option1 is the selected option values joined by ', '. `variantIndex` is
 * the number the cart API takes for this variant (decision 028): its stored position, which
 * stays the same when another variant is removed, so it may differ from the variant's place in
 * `varients`.
 */
export const ProductVariant = z.object({
  option1: z.string(),
  sku: z.string(),
  variantIndex: z.number().int().min(0),
  /**
   * The variant's own sale price in rupees (decision 047), null when it has the product's; the
   * product's tiers then apply scaled to it (`variantPricing`), as the cart and orders price it.
   */
  price: z.number().nullable(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

export const PriceTierOut = z.object({
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  price: z.number(),
  savingsPercentage: z.number().int(),
});
export type PriceTierOut = z.infer<typeof PriceTierOut>;

export const ProductDetail = ProductSummary.extend({
  id: Oid,
  /** Sanitised HTML (sanitised at import and safe to render). */
  description: z.string(),
  features: z.array(z.string()),
  weight: z.number().int(),
  code: z.string(),
  hsn: z.string(),
  pd_location: z.string(),
  /** Single-key objects mapping a tier key ('1-9', '50>') to its rupee price. */
  variable_pricing: z.array(z.record(z.string(), z.number())),
  /** The same tiers, parsed (999999 = open-ended) with savings against sp. */
  priceTiers: z.array(PriceTierOut),
  options: z.array(ProductOption),
  varients: z.array(ProductVariant),
  /**
   * The fewest units a cart line may hold, and the pack size its quantity is a multiple of
   * (issue 20). Stock is not here: catalog answers are cached, stock is read uncached
   * (`@storefront/shared/stock`, decision 048).
   */
  minOrderQuantity: z.number().int().min(1),
  orderMultiple: z.number().int().min(1),
  /**
   * The product's GST rate in percent (18, 5, 0.25; issue 21): its own rate, else the store's
   * HSN table's for its HSN code, else 18. Its prices include it.
   */
  gstRate: z.number(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const Subcategory = z.object({ name: z.string(), slug: z.string() });
export const Category = z.object({
  _id: Oid,
  category: z.string(),
  slug: z.string(),
  subCategory: z.array(Subcategory),
});
export type Category = z.infer<typeof Category>;

export const CategoriesResponse = z.object({ payload: z.array(Category) });

/**
 * A collection of the home page's 'Top Categories for You' banners (spec §2 "Home", §3 "Banner
 * config"), as the seller keeps it (decision 050): its slug (a rename keeps it), the title and
 * subtitle the banner and the listing heading show, and its place in the seller's order (0 first;
 * the home page shows the first HOME_COLLECTION_BANNERS). Not a spec call: GET
 * /api/products/collections is ours, added beside the categories list it mirrors.
 */
export const HomeCollection = z.object({
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  position: z.number().int(),
});
export type HomeCollection = z.infer<typeof HomeCollection>;

export const CollectionsResponse = z.object({ payload: z.array(HomeCollection) });

/**
 * GET /api/products. The query's length is checked before it is trimmed, so spaces cannot pad a
 * query past the limit (issue 17); a valid query is then trimmed.
 */
export const ProductListQuery = z
  .object({
    query: z.string().max(200).trim().default(''),
    limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
    page: z.coerce.number().int().min(1).max(MAX_LISTING_PAGE).default(1),
  })
  .strict();
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductListResponse = z.object({
  payload: z.array(ProductListItem),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

export const ProductResponse = z.object({ payload: ProductDetail });
export const RelatedResponse = z.object({ payload: z.array(ProductSummary) });

export const MultipleProductsBody = z
  .object({ product_ids: z.array(ObjectId).min(1).max(MULTIPLE_PRODUCTS_MAX) })
  .strict();
export const MultipleProductsResponse = z.object({ payload: z.array(ProductDetail) });

/** GET /api/products/{id}/availability: units on hand, read fresh on every call. */
export const VariantAvailability = z.object({
  variantIndex: z.number().int().min(0),
  /** The units this variant can draw on (its own row, else the product's); null: not tracked. */
  stock: z.number().int().min(0).nullable(),
});
export type VariantAvailability = z.infer<typeof VariantAvailability>;

export const ProductAvailability = z.object({
  productId: ObjectId,
  /** The product's own units (a product without options, or the variants' shared pool). */
  stock: z.number().int().min(0).nullable(),
  variants: z.array(VariantAvailability),
});
export type ProductAvailability = z.infer<typeof ProductAvailability>;

export const ProductAvailabilityResponse = z.object({ payload: ProductAvailability });
