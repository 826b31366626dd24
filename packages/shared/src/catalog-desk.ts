import { z } from 'zod';
import {
  PRODUCT_LIMITS,
  PRODUCT_STATUSES,
  ProductDocument,
  type ProductIssue,
} from './catalog-product.js';

/**
 * The catalog desk's contract (issue 20, decision 050): the console's product list and editor,
 * stock by compare-and-set, and the taxonomy (categories, subcategories, the home collections).
 * The product itself is `ProductDocument` (decision 047); the rules it must keep to go active are
 * `productIssues`, which the server answers as a 422 naming each broken rule's path.
 */

const Id = z.string().regex(/^[0-9a-f]{24}$/, 'Unknown id');
export const CatalogIdParams = z.object({ id: Id }).strict();

/**
 * A product's optimistic version: its last change's moment in microseconds. A save names the
 * version it started from; another editor's save in between answers 409 instead of being lost.
 */
export const ProductVersion = z.string().regex(/^\d{1,20}$/, 'Unknown version');

export const ProductIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type { ProductIssue };

/** The 422 of a refused save or activation: `issues` names every broken rule by its path. */
export const ProductIssuesError = z.object({
  detail: z.string(),
  code: z.string(),
  issues: z.array(ProductIssueSchema),
});
export type ProductIssuesError = z.infer<typeof ProductIssuesError>;

// ── The product list ────────────────────────────────────────────────────────

export const CATALOG_PAGE_MAX = 100;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const CatalogProductQuery = z
  .object({
    status: z.enum(PRODUCT_STATUSES).optional(),
    /** A category's slug, and one of its subcategories' slug. */
    category: z.string().trim().min(1).max(PRODUCT_LIMITS.textLength).optional(),
    subcategory: z.string().trim().min(1).max(PRODUCT_LIMITS.textLength).optional(),
    /** Words of the name, or the start of the code or seller SKU. */
    q: z.string().trim().max(100).optional(),
    /** Only active products breaking a rule or showing a missing image. */
    attention: flag.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(CATALOG_PAGE_MAX).default(25),
  })
  .strict();
export type CatalogProductQuery = z.input<typeof CatalogProductQuery>;

/** Units on hand across the product's rows; null when no row is kept (not tracked). */
export const StockSummary = z.object({
  onHand: z.number().int().nullable(),
  /** A row (the product's or a variant's) with no units left. */
  anyOut: z.boolean(),
  /** A row with fewer than LOW_STOCK_THRESHOLD units (but some). */
  anyLow: z.boolean(),
});
export type StockSummary = z.infer<typeof StockSummary>;

export const CatalogProductRow = z.object({
  id: z.string(),
  code: z.string(),
  sellerSku: z.string().nullable(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  subcategory: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  spPaise: z.number().int(),
  mrpPaise: z.number().int(),
  /** The first image source, or null. */
  image: z.string().nullable(),
  variantCount: z.number().int(),
  stock: StockSummary,
  /** Every rule the product breaks, and each image that does not exist. */
  issues: z.array(ProductIssueSchema),
  /** Active and with issues: what the buyer sees is broken (the seed's planted defects). */
  needsAttention: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type CatalogProductRow = z.infer<typeof CatalogProductRow>;

export const CatalogProductList = z.object({
  items: z.array(CatalogProductRow),
  page: z.number().int(),
  limit: z.number().int(),
  /** The products the filters match. */
  total: z.number().int(),
  /** The catalog's products by status, and the active ones needing attention (unfiltered). */
  counts: z.object({
    draft: z.number().int(),
    active: z.number().int(),
    archived: z.number().int(),
    attention: z.number().int(),
    /**
     * Products not checked for attention yet: only after an upgrade, while the server's sweep
     * checks the catalog in the background (decision 050); `attention` grows meanwhile.
     */
    unchecked: z.number().int(),
  }),
});
export type CatalogProductList = z.infer<typeof CatalogProductList>;

// ── One product ─────────────────────────────────────────────────────────────

export const CatalogProductDetail = z.object({
  id: z.string(),
  version: ProductVersion,
  product: ProductDocument,
  /** As in the list: the rules broken (blocking only activation) and the missing images. */
  issues: z.array(ProductIssueSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CatalogProductDetail = z.infer<typeof CatalogProductDetail>;

export const CatalogProductCreateBody = z.object({ product: ProductDocument }).strict();
export type CatalogProductCreateBody = z.input<typeof CatalogProductCreateBody>;

/** The whole product as the editor has it, and the version it was read at. */
export const CatalogProductUpdateBody = z
  .object({ version: ProductVersion, product: ProductDocument })
  .strict();
export type CatalogProductUpdateBody = z.input<typeof CatalogProductUpdateBody>;

export const CatalogStatusBody = z
  .object({ version: ProductVersion, status: z.enum(PRODUCT_STATUSES) })
  .strict();
export type CatalogStatusBody = z.input<typeof CatalogStatusBody>;

const units = z.number().int().min(0).max(PRODUCT_LIMITS.stockMax);

/**
 * Stock by compare-and-set: each row names what the editor saw (`expected`, null: not tracked)
 * and what it should be (`onHand`, null: stop tracking). A row that changed meanwhile (an
 * order took units) refuses the whole change with 409, so no sale is ever written over.
 */
export const CatalogStockBody = z
  .object({
    rows: z
      .array(
        z
          .object({
            /** The variant's option values (its `option1`); null: the product's own row. */
            variant: z.string().min(1).max(400).nullable(),
            expected: units.nullable(),
            onHand: units.nullable(),
          })
          .strict(),
      )
      .min(1)
      .max(PRODUCT_LIMITS.variants + 1),
  })
  .strict();
export type CatalogStockBody = z.input<typeof CatalogStockBody>;

// ── Taxonomy ────────────────────────────────────────────────────────────────

export { HOME_CATEGORY_CARDS, HOME_COLLECTION_BANNERS } from './constants.js';
/** The most products a collection lists (the spec's 'Top 50' is the longest it names). */
export const COLLECTION_PRODUCTS_MAX = 500;

const Name = z.string().trim().min(1, 'Required').max(PRODUCT_LIMITS.textLength);
const Subtitle = z.string().trim().min(1, 'Required').max(200);

export const TaxonomySubcategory = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  position: z.number().int(),
  productCount: z.number().int(),
});
export const TaxonomyCategory = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  position: z.number().int(),
  productCount: z.number().int(),
  /** One of the home page's category cards. */
  onHome: z.boolean(),
  subcategories: z.array(TaxonomySubcategory),
});
export const TaxonomyCollection = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  position: z.number().int(),
  productCount: z.number().int(),
  /** One of the home page's banners. */
  onHome: z.boolean(),
});
export const TaxonomyResponse = z.object({
  categories: z.array(TaxonomyCategory),
  collections: z.array(TaxonomyCollection),
});
export type TaxonomyCategory = z.infer<typeof TaxonomyCategory>;
export type TaxonomySubcategory = z.infer<typeof TaxonomySubcategory>;
export type TaxonomyCollection = z.infer<typeof TaxonomyCollection>;
export type TaxonomyResponse = z.infer<typeof TaxonomyResponse>;

export const CategoryCreateBody = z.object({ name: Name }).strict();
export type CategoryCreateBody = z.input<typeof CategoryCreateBody>;
export const CategoryRenameBody = z.object({ name: Name }).strict();
export type CategoryRenameBody = z.input<typeof CategoryRenameBody>;
/** A subcategory renamed, or moved (with its products) to another category, or both. */
export const SubcategoryUpdateBody = z
  .object({ name: Name.optional(), categoryId: Id.optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.categoryId !== undefined, {
    message: 'Give a name or a categoryId',
  });
export type SubcategoryUpdateBody = z.input<typeof SubcategoryUpdateBody>;

/** Every id of the list, in the new order. */
export const ReorderBody = z.object({ ids: z.array(Id).min(1).max(1000) }).strict();
export type ReorderBody = z.input<typeof ReorderBody>;

export const CollectionCreateBody = z.object({ title: Name, subtitle: Subtitle }).strict();
export type CollectionCreateBody = z.input<typeof CollectionCreateBody>;
export const CollectionUpdateBody = z
  .object({ title: Name.optional(), subtitle: Subtitle.optional() })
  .strict()
  .refine((body) => body.title !== undefined || body.subtitle !== undefined, {
    message: 'Give a title or a subtitle',
  });
export type CollectionUpdateBody = z.input<typeof CollectionUpdateBody>;

/** Products moved to a category's subcategory (by slug, as the product document names them). */
export const ProductsMoveBody = z
  .object({
    productIds: z.array(Id).min(1).max(1000),
    category: Name,
    subcategory: Name,
  })
  .strict();
export type ProductsMoveBody = z.input<typeof ProductsMoveBody>;

export const ProductsMoveResponse = z.object({ moved: z.number().int() });

/** A collection's products in order, each as the list shows it. */
export const CollectionProductsResponse = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      name: z.string(),
      status: z.enum(PRODUCT_STATUSES),
      image: z.string().nullable(),
    }),
  ),
});
export type CollectionProductsResponse = z.infer<typeof CollectionProductsResponse>;

/** The collection's whole list in its new order: added, removed and reordered in one. */
export const CollectionProductsBody = z
  .object({ productIds: z.array(Id).max(COLLECTION_PRODUCTS_MAX) })
  .strict();
export type CollectionProductsBody = z.input<typeof CollectionProductsBody>;
