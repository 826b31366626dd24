/**
 * The database schema (spec §3). Internal to the server: the API contract lives in
 * packages/shared, so renaming a column cannot silently change the API. Money is integer paise.
 * Ids that appear in URLs as the spec's `$oid` are 24 hexadecimal characters.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const oid = (name: string) => text(name);

// ── Accounts ────────────────────────────────────────────────────────────────

export const users = pgTable(
  'users',
  {
    id: oid('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    companyName: text('company_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    gstNumber: text('gst_number').notNull(),
    businessStreet: text('business_street').notNull(),
    businessCity: text('business_city').notNull(),
    businessState: text('business_state').notNull(),
    businessCountry: text('business_country').notNull(),
    businessType: text('business_type').notNull(),
    pincode: text('pincode'),
    role: text('role').notNull().default('buyer'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Access tokens issued before this instant are refused (logout everywhere, password change). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /** Set by staff (issue 19): the account cannot sign in and its sessions are revoked. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // The sweep of unverified accounts (users/unverified-accounts.ts) reads only these.
    index('users_unverified_created_idx')
      .on(t.createdAt)
      .where(sql`${t.emailVerifiedAt} IS NULL`),
  ],
);

/** Opaque refresh tokens, stored as SHA-256 hashes, rotated on every use (RFC 9700 §4.14.2). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: oid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * The single-use links mailed to a buyer (decision 067): one table for every purpose. A token is
 * 256 random bits stored only as its SHA-256; `email` is the address the link was mailed to (for
 * 'change_email', the address the account moves to once the link is used).
 */
export const ACCOUNT_TOKEN_PURPOSES = ['verify_email', 'reset_password', 'change_email'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: oid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose, t.createdAt),
    check(
      'account_tokens_purpose_check',
      sql`${t.purpose} IN ('verify_email', 'reset_password', 'change_email')`,
    ),
  ],
);

// ── Staff (issue 19) ────────────────────────────────────────────────────────

const STAFF_ROLE_CHECK = sql`role IN ('owner', 'fulfilment', 'finance', 'catalog')`;

/** The seller's people. Never deleted (the audit log names them): disabled instead. */
export const staff = pgTable(
  'staff',
  {
    id: oid('id').primaryKey(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret, sealed with the server's key (lib/secret-box.ts). */
    totpSecretSealed: text('totp_secret_sealed').notNull(),
    /** The time step of the last code accepted: each code signs in once (RFC 6238 §5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_email_lower_key').on(sql`lower(${t.email})`),
    check('staff_role_check', STAFF_ROLE_CHECK),
  ],
);

/** Single-use recovery codes, stored as keyed hashes (staff/second-factor.ts). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: oid('staff_id')
      .notNull()
      .references(() => staff.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/** A staff member's signed-in browser: an opaque cookie, stored hashed. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: oid('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** An invitation to join the staff, redeemed once through its setup link before it expires. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: oid('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The member who invited; null for the machine's operator (the CLI before any owner). */
    invitedBy: oid('invited_by').references(() => staff.id),
    /** The second factor offered while the setup page is open, sealed as the member's. */
    pendingTotpSealed: text('pending_totp_sealed'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_invitations_email_idx').on(sql`lower(${t.email})`),
    check('staff_invitations_role_check', STAFF_ROLE_CHECK),
  ],
);

/**
 * Every staff action and sign-in: who, when, from where, what, and what changed. Append-only:
 * no route changes or deletes it, and the database refuses to (migration 0010's trigger).
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: oid('staff_id').references(() => staff.id),
    /** The member's email at the time, or 'operator'. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('staff_audit_log_staff_idx').on(t.staffId, t.id),
    index('staff_audit_log_action_idx').on(t.action, t.id),
    index('staff_audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);

// ── Catalog ─────────────────────────────────────────────────────────────────

export const categories = pgTable('categories', {
  id: oid('id').primaryKey(),
  name: text('name').notNull(),
  /** The slug links use (spec §2), e.g. 'bags,-wallets-and-luggage'. */
  slug: text('slug').notNull().unique(),
  /** `catalogMatchKey` of the name: what listing queries match on. */
  matchKey: text('match_key').notNull().unique(),
  position: integer('position').notNull(),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: oid('id').primaryKey(),
    categoryId: oid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    matchKey: text('match_key').notNull().unique(),
    position: integer('position').notNull(),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId)],
);

/** Curated lists behind the home banners (under-2000, top-50, ...). */
export const collections = pgTable('collections', {
  id: oid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull(),
  matchKey: text('match_key').notNull().unique(),
  position: integer('position').notNull(),
});

export const products = pgTable(
  'products',
  {
    id: oid('id').primaryKey(),
    /** Our SKU, shown as the product code and used in image keys. */
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    categoryId: oid('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: oid('subcategory_id')
      .notNull()
      .references(() => subcategories.id),
    /** Sanitised HTML. */
    descriptionHtml: text('description_html').notNull(),
    /** Plain text of the description, for listings and search. */
    descriptionText: text('description_text').notNull(),
    brand: text('brand').notNull().default('Generic'),
    weightGrams: integer('weight_grams').notNull(),
    hsn: text('hsn').notNull(),
    location: text('location').notNull(),
    mrpPaise: bigint('mrp_paise', { mode: 'number' }).notNull(),
    spPaise: bigint('sp_paise', { mode: 'number' }).notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    /** [{name, values[]}] in display order. */
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    /** Image sources in display order ('products/<code>-1', resolved by the shared image rules). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The seller's own SKU, when the supplier gave one. */
    sellerSku: text('seller_sku'),
    /** 'draft', 'active' or 'archived' (PRODUCT_STATUSES): only active products reach buyers. */
    status: text('status').notNull().default('active'),
    /** The fewest units a line may hold, and the pack size a line's quantity is a multiple of. */
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    orderMultiple: integer('order_multiple').notNull().default(1),
    /**
     * The product's GST rate in basis points (1800 = 18 %, decision 052); null: the rate the
     * store's HSN rate table gives its HSN code.
     */
    gstRateBp: integer('gst_rate_bp'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Buyers see active products only, and every listing filters on it: partial indexes keep
    // a listing's page an ordered index walk and its total an index-only count (issue 20).
    index('products_active_idx')
      .on(t.id)
      .where(sql`${t.status} = 'active'`),
    index('products_category_idx')
      .on(t.categoryId, t.id)
      .where(sql`${t.status} = 'active'`),
    index('products_subcategory_idx')
      .on(t.subcategoryId, t.id)
      .where(sql`${t.status} = 'active'`),
    // Quick order finds a row's product by its code or seller SKU as typed, in any case
    // (decision 065): one index probe a row, whatever the catalog's size.
    index('products_code_lower_idx').on(sql`lower(${t.code})`),
    index('products_seller_sku_lower_idx')
      .on(sql`lower(${t.sellerSku})`)
      .where(sql`${t.sellerSku} IS NOT NULL`),
    check('products_prices_check', sql`${t.spPaise} > 0 AND ${t.mrpPaise} >= ${t.spPaise}`),
    check('products_status_check', sql`${t.status} IN ('draft', 'active', 'archived')`),
    check(
      'products_order_quantity_check',
      sql`${t.minOrderQuantity} >= 1 AND ${t.orderMultiple} >= 1`,
    ),
  ],
);

/**
 * Whether a product needs the seller's attention (decision 050): written by saveProducts with
 * every product it writes, in the same transaction, so the console's list filters and counts by
 * an index instead of checking every document. A table of its own so that refilling it (after
 * this migration, or after a rule changes) fires none of the products table's triggers (search,
 * cache notices). A product without a row has not been checked yet: the catalog module's sweep
 * fills those in the background.
 */
export const productAttention = pgTable(
  'product_attention',
  {
    productId: oid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Active, and breaking a buyer-side rule or listing an image that does not exist. */
    needsAttention: boolean('needs_attention').notNull(),
    /** The product's image sources that had no image when it was checked. */
    missingImages: jsonb('missing_images').$type<string[]>().notNull().default([]),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_attention_flagged_idx')
      .on(t.productId)
      .where(sql`${t.needsAttention}`),
  ],
);

/** Bulk-quantity price tiers; max_quantity 999999 is open-ended (spec §3). */
export const productPriceTiers = pgTable(
  'product_price_tiers',
  {
    productId: oid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    maxQuantity: integer('max_quantity').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.minQuantity] }),
    check(
      'tier_bounds_check',
      sql`${t.minQuantity} >= 1 AND ${t.maxQuantity} >= ${t.minQuantity} AND ${t.pricePaise} > 0`,
    ),
  ],
);

/** A variant per available option combination; `position` is the cart's variantIndex. */
export const productVariants = pgTable(
  'product_variants',
  {
    productId: oid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** Selected option values joined by comma and space (spec §3). */
    option1: text('option1').notNull(),
    sku: text('sku').notNull(),
    /** The variant's own sale price where it differs from the product's (decision 047). */
    pricePaise: bigint('price_paise', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    check('product_variants_price_check', sql`${t.pricePaise} IS NULL OR ${t.pricePaise} > 0`),
    // A variant's SKU names it in a quick order row, in any case (decision 065).
    index('product_variants_sku_lower_idx').on(sql`lower(${t.sku})`),
  ],
);

/**
 * Units on hand (decision 047): a row per product (variant_position null) or per variant; a
 * variant with no row of its own draws on its product's row, and a product with neither is not
 * tracked (always available). A table of its own so that orders, which change it all the time,
 * touch no catalog row: no search trigger, no cache invalidation.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    productId: oid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantPosition: smallint('variant_position'),
    onHand: integer('on_hand').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('stock_levels_key').on(t.productId, t.variantPosition).nullsNotDistinct(),
    check('stock_levels_on_hand_check', sql`${t.onHand} >= 0`),
  ],
);

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: oid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: oid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('collection_products_position_idx').on(t.collectionId, t.position),
  ],
);

// ── Catalog import (issue 20, decision 051) ────────────────────────────────

/**
 * An import of a catalog file: its dry run's report, then its apply in batches. The apply's
 * cursor (products of the file done) moves in the transaction of each batch, so a job picked up
 * after a crash or a restart goes on from the first batch not written. `lease_until` is held by
 * the process running the job and renewed every batch; another takes the job over once it lapses.
 */
export const catalogImportJobs = pgTable(
  'catalog_import_jobs',
  {
    id: oid('id').primaryKey(),
    status: text('status').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    /** The file as uploaded, under DATA_DIR (relative to it). */
    filePath: text('file_path').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    createdByStaffId: oid('created_by_staff_id').references(() => staff.id),
    createdBy: text('created_by').notNull(),
    /** Who asked for the apply (the audit entry at its end names them). */
    appliedByStaffId: oid('applied_by_staff_id').references(() => staff.id),
    appliedBy: text('applied_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Products of the file: known once the dry run has read it all. */
    total: integer('total').notNull().default(0),
    /** Products applied so far, in the file's order: the batch cursor. */
    done: integer('done').notNull().default(0),
    dryRun: jsonb('dry_run'),
    applied: jsonb('applied'),
    issueCount: integer('issue_count').notNull().default(0),
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The zip of images uploaded beside the file, as named; null without one. */
    imagesFileName: text('images_file_name'),
    /** The zip under DATA_DIR until its images are stored (then removed: the map is kept). */
    imagesPath: text('images_path'),
    /** When the zip's images were stored and mapped (catalog_import_images). */
    imagesStoredAt: timestamp('images_stored_at', { withTimezone: true }),
    imagesStored: integer('images_stored').notNull().default(0),
    imagesProblems: integer('images_problems').notNull().default(0),
  },
  (t) => [
    check(
      'catalog_import_jobs_status_check',
      sql`${t.status} IN ('validating', 'validated', 'applying', 'applied', 'failed')`,
    ),
    index('catalog_import_jobs_created_idx').on(t.createdAt),
  ],
);

/** Every problem an import found, row and column, in the order found. */
export const catalogImportIssues = pgTable(
  'catalog_import_issues',
  {
    jobId: oid('job_id')
      .notNull()
      .references(() => catalogImportJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    phase: text('phase').notNull(),
    row: integer('row').notNull(),
    column: text('column'),
    code: text('code').notNull(),
    message: text('message').notNull(),
    productCode: text('product_code'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);

/**
 * An import's images by the name its file gives them: a zip entry's path (and bare file name) or
 * a URL, with the source it was stored as ('uploads/<hash>.jpg'), or why it was not (code and
 * message). Written when the zip is read and as the dry run fetches URLs, so the apply (resumed
 * after a crash too) rewrites image cells from here without unpacking or fetching again.
 */
export const catalogImportImages = pgTable(
  'catalog_import_images',
  {
    jobId: oid('job_id')
      .notNull()
      .references(() => catalogImportJobs.id, { onDelete: 'cascade' }),
    /** 'zip' or 'url'. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    source: text('source'),
    code: text('code'),
    message: text('message'),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.kind, t.name] }),
    check('catalog_import_images_kind_check', sql`${t.kind} IN ('zip', 'url')`),
  ],
);

// ── Search ──────────────────────────────────────────────────────────────────

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index (ARCHITECTURE.md "Search"): one narrow row per product, written only by the
 * database's own triggers (migration 0002_search), so search always agrees with the catalog.
 * It is a table of its own rather than a column of `products` because a query reads every
 * matching row to rank, count and facet them: rows of ~0.9 KB instead of ~2 KB made that
 * 3x faster at 100,000 products.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: oid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: oid('category_id').notNull(),
    subcategoryId: oid('subcategory_id').notNull(),
    brand: text('brand').notNull(),
    spPaise: bigint('sp_paise', { mode: 'number' }).notNull(),
    /** name (A) > brand, category, subcategory (B) > features (C) > description (D), English. */
    document: tsvector('document').notNull(),
    /**
     * The product's code, seller SKU and variant SKUs, lower-cased: a query that is one of them
     * finds the product and ranks it first (decision 059). Kept by triggers (migration 0020).
     */
    skus: text('skus')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('product_search_document_idx').using('gin', t.document),
    index('product_search_skus_idx').using('gin', t.skus),
    index('product_search_category_idx').on(t.categoryId),
    index('product_search_subcategory_idx').on(t.subcategoryId),
    index('product_search_brand_idx').on(sql`lower(${t.brand})`),
    index('product_search_sp_idx').on(t.spPaise),
  ],
);

/**
 * Every word of the catalog's text, for typo tolerance (pg_trgm similarity) and for expanding
 * the last, still-typed word of a query. Kept by triggers; words of deleted products linger
 * until the next full reseed, which only widens a correction that then matches nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  // Trigrams serve the similarity (%) and the prefix (LIKE) lookups alike: their patterns are
  // only known at execution time, which a btree prefix index cannot use.
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/** Present (one row, 'algolia') while catalog changes must be pushed to hosted Algolia. */
export const searchSync = pgTable('search_sync', { target: text('target').primaryKey() });

/**
 * Products changed since the last push to hosted Algolia, one row per product however often
 * it changed; product_id '*' means the catalog was truncated (clear the index first).
 */
export const searchOutbox = pgTable('search_outbox', {
  productId: text('product_id').primaryKey(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Cart ────────────────────────────────────────────────────────────────────

/** A line is keyed by product, variant and source; adding the same key adds to its quantity. */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: oid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: oid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantIndex: smallint('variant_index'),
    source: text('source').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('cart_lines_key').on(t.userId, t.productId, t.variantIndex, t.source).nullsNotDistinct(),
    check('cart_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

// ── Orders ──────────────────────────────────────────────────────────────────

export const orders = pgTable(
  'orders',
  {
    id: oid('id').primaryKey(),
    /** Human-readable order number, unique (e.g. 'MKP-20261122-7K3F9Q'). */
    mkpOrderId: text('mkp_order_id').notNull().unique(),
    userId: oid('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * UP, PF, PD, SHIPPED, DELIVERED (spec §4), CANCELLED and REFUNDED (issue 19); changed only
     * on the server (product decision #7).
     */
    pStatus: text('p_status').notNull().default('UP'),
    currency: text('currency').notNull().default('INR'),
    source: smallint('source').notNull().default(1),
    recipientName: text('recipient_name').notNull(),
    shippingAddress1: text('shipping_address1').notNull(),
    shippingAddress2: text('shipping_address2').notNull().default(''),
    shippingAddress3: text('shipping_address3').notNull().default(''),
    shippingCity: text('shipping_city').notNull(),
    shippingState: text('shipping_state').notNull(),
    shippingPostalCode: text('shipping_postal_code').notNull(),
    shippingCountry: text('shipping_country').notNull(),
    shippingPhoneNumber: text('shipping_phone_number').notNull(),
    /** The ship-to state's GST code for an Indian address; null outside India (decision 052). */
    shippingStateCode: text('shipping_state_code'),
    /**
     * Whom the order is billed to (Rule 46(d)): the buyer's GSTIN, legal name and billing
     * address, as given at checkout. Null on orders from before issue 21.
     */
    billingGstin: text('billing_gstin'),
    billingLegalName: text('billing_legal_name'),
    billingAddress1: text('billing_address1'),
    billingAddress2: text('billing_address2'),
    billingCity: text('billing_city'),
    billingStateCode: text('billing_state_code'),
    billingPostalCode: text('billing_postal_code'),
    /**
     * The seller's state and the place of supply (GST state codes; '96' outside India) the tax
     * was worked out with, and the supply type they gave: 'intra' (CGST + SGST), 'intra-ut'
     * (CGST + UTGST) or 'inter' (IGST). Null on orders from before issue 21.
     */
    sellerStateCode: text('seller_state_code'),
    placeOfSupply: text('place_of_supply'),
    supplyType: text('supply_type'),
    /** The sums of the lines' tax (each line rounded on its own); total = taxable + taxes. */
    taxablePaise: bigint('taxable_paise', { mode: 'number' }),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }),
    /** SGST, or UTGST when the supply type is 'intra-ut'. */
    sgstPaise: bigint('sgst_paise', { mode: 'number' }),
    igstPaise: bigint('igst_paise', { mode: 'number' }),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The order desk's list (staff/orders.ts): newest first, by status, by amount, and a search
    // of the order number anywhere in it, all paged by keyset at 100,000 orders.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.pStatus, t.createdAt, t.id),
    index('orders_total_idx').on(t.totalPaise, t.id),
    index('orders_number_trgm_idx').using('gin', t.mkpOrderId.op('gin_trgm_ops')),
  ],
);

/** A snapshot of each line as it was priced when the order was placed. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: oid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The line's place in the order: integer, as a cart from before CART_LINES_MAX may be long. */
    position: integer('position').notNull(),
    productId: oid('product_id').notNull(),
    variantIndex: smallint('variant_index'),
    title: text('title').notNull(),
    sku: text('sku').notNull(),
    sellerSku: text('seller_sku'),
    source: text('source').notNull(),
    unitPricePaise: bigint('unit_price_paise', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalPaise: bigint('line_total_paise', { mode: 'number' }).notNull(),
    /**
     * What the line was sold at for GST (decision 052): its HSN code, rate (basis points), the
     * taxable value inside the line total and each head's tax. A later change of the product's
     * rate never touches these. Null on orders from before issue 21.
     */
    hsn: text('hsn'),
    gstRateBp: integer('gst_rate_bp'),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }),
    igstPaise: bigint('igst_paise', { mode: 'number' }),
    /**
     * The units this line took from stock_levels when the order was made, and from which row
     * (`stockVariantPosition`: the variant's own row, or null for the product's); null when
     * the product was not tracked. `stockReleasedAt` is set when a cancellation or a lapse
     * gave them back, so they are given back once (decision 048).
     */
    stockReserved: integer('stock_reserved'),
    stockVariantPosition: smallint('stock_variant_position'),
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] })],
);

/** Every status change with its time and cause (product decision #7). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: oid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /**
     * What caused it: 'order_created', 'payment_callback', 'status_query', 'reconciliation',
     * 'operator', ...; from = to for a note that changes nothing ('payment_refund_due', ...).
     */
    cause: text('cause').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/** Idempotency keys of order creation: the first response is stored and replayed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: oid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// ── Payments ────────────────────────────────────────────────────────────────

/** One row per payment attempt; a fresh merchant transaction id each time. */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: oid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    merchantTransactionId: text('merchant_transaction_id').notNull().unique(),
    providerReference: text('provider_reference'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /**
     * PENDING → COMPLETED | FAILED | EXPIRED | FLAGGED; FAILED and EXPIRED → COMPLETED (a late
     * success). ERROR when the gateway refused to start it. FLAGGED is terminal (an operator's).
     */
    status: text('status').notNull().default('PENDING'),
    rawCreate: jsonb('raw_create'),
    rawStatus: jsonb('raw_status'),
    /** Why an operator must look: 'amount_mismatch' (status FLAGGED) or 'refund_due' (paid twice). */
    flagged: text('flagged'),
    /** When a member settled what `flagged` asked for, by whom and how (the attention queue). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: jsonb('resolution').$type<{
      staffId: string | null;
      email: string;
      note: string;
    }>(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** When reconciliation next asks the gateway; NULL once the attempt is no longer watched. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    // The attention queue (the dashboard's count, the desk's list): a handful of rows among every
    // payment the store ever took, found without reading the others (decision 046).
    index('payments_attention_idx')
      .on(t.id)
      .where(sql`${t.flagged} IS NOT NULL AND ${t.resolvedAt} IS NULL`),
    index('payments_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} IS NOT NULL`),
  ],
);

/** Gateway events already processed: a duplicate callback changes nothing the second time. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payment_events_provider_event_key').on(t.provider, t.eventId)],
);

/**
 * Money returned through the gateway (issue 19, decision 044): one row per refund sent under its
 * own merchant refund id. REQUESTED (written, not yet accepted by the gateway) → PENDING →
 * COMPLETED | FAILED. A failed refund is retried as a new row (`retry_of`), never resent.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: oid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The attempt whose money goes back. */
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    provider: text('provider').notNull(),
    merchantRefundId: text('merchant_refund_id').notNull().unique(),
    providerReference: text('provider_reference'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** 'staff' (a refund from the desk), 'cancellation', 'duplicate_payment', 'late_payment'. */
    cause: text('cause').notNull(),
    reason: text('reason').notNull(),
    /** By line: [{position, quantity}] of the order's lines; null for an amount. */
    lines: jsonb('lines').$type<{ position: number; quantity: number }[]>(),
    status: text('status').notNull().default('REQUESTED'),
    /** The staff member or 'buyer' or 'system' that asked for it: {type, id?, email?}. */
    requestedBy: jsonb('requested_by').$type<Record<string, unknown>>().notNull(),
    /** The Idempotency-Key of the request that made it: the same key makes it once. */
    requestKey: text('request_key'),
    retryOf: bigint('retry_of', { mode: 'number' }),
    raw: jsonb('raw'),
    error: text('error'),
    sendAttempts: integer('send_attempts').notNull().default(0),
    /** A failed refund settled outside the gateway (a bank transfer): who, and how. */
    resolution: jsonb('resolution').$type<{
      staffId: string | null;
      email: string;
      note: string;
    }>(),
    /** When reconciliation next sends or asks about it; NULL once final. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.id),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} IS NOT NULL`),
    index('refunds_failed_idx')
      .on(t.id)
      .where(sql`${t.status} = 'FAILED' AND ${t.resolution} IS NULL`),
    unique('refunds_request_key').on(t.orderId, t.requestKey),
    unique('refunds_retry_of_key').on(t.retryOf),
    check('refunds_amount_check', sql`${t.amountPaise} > 0`),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A buyer's request to return lines of a delivered order (issue 22, decision 061): requested →
 * accepted | refused; accepted → received → refunded (its refund: `refund_id`).
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: oid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: oid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    /** [{position, quantity}] of the order's lines. */
    lines: jsonb('lines').$type<{ position: number; quantity: number }[]>().notNull(),
    decisionNote: text('decision_note'),
    refundId: bigint('refund_id', { mode: 'number' }).references(() => refunds.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId, t.id),
    index('return_requests_status_idx').on(t.status, t.id),
    check(
      'return_requests_status_check',
      sql`${t.status} IN ('requested', 'accepted', 'refused', 'received', 'refunded')`,
    ),
    check(
      'return_requests_reason_check',
      sql`${t.reason} IN ('damaged', 'defective', 'wrong_item')`,
    ),
  ],
);

/**
 * A return's photos, re-encoded without metadata (decision 049) and kept in the database: the
 * buyer's private evidence, never in the public image store.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    returnId: bigint('return_id', { mode: 'number' })
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('return_photos_return_idx').on(t.returnId, t.id)],
);

/**
 * The built-in sandbox gateway's own ledger: what the gateway believes happened to each
 * transaction. Kept apart from `payments` (the merchant's view), exactly as a real gateway's
 * records are; the merchant learns of a decision only through the signed callback or the
 * gateway's status call.
 */
export const sandboxGatewayTransactions = pgTable('sandbox_gateway_transactions', {
  transactionId: text('transaction_id').primaryKey(),
  merchantOrderRef: text('merchant_order_ref').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  /** PENDING until the payer approves or declines; then COMPLETED or FAILED. */
  state: text('state').notNull().default('PENDING'),
  callbackUrl: text('callback_url').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/** The sandbox gateway's ledger of refunds, as the gateway sees them (its refund API). */
export const sandboxGatewayRefunds = pgTable('sandbox_gateway_refunds', {
  refundId: text('refund_id').primaryKey(),
  transactionId: text('transaction_id')
    .notNull()
    .references(() => sandboxGatewayTransactions.transactionId),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  /** COMPLETED, or FAILED with the gateway's reason. */
  state: text('state').notNull(),
  reason: text('reason'),
  createdAt: createdAt(),
});

// ── GST (issue 21, decision 052) ────────────────────────────────────────────

/**
 * The seller's registration and the store's tax settings: one row (id 1), written from the
 * console by an owner. The store takes no orders in production until the registration is
 * complete (legal name, GSTIN, address, state).
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    id: smallint('id').primaryKey().default(1),
    legalName: text('legal_name').notNull().default(''),
    tradeName: text('trade_name').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    /** The GST state code of the registered address (the GSTIN's first two characters). */
    stateCode: text('state_code').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Countries the store ships to, by the spec's country names; India only by default. */
    shipsTo: jsonb('ships_to').$type<string[]>().notNull().default(['India']),
    /** The series prefixes (SERIES_PREFIX): 'INV/2627/00001', 'CN/2627/00001'. */
    invoicePrefix: text('invoice_prefix').notNull().default('INV'),
    creditNotePrefix: text('credit_note_prefix').notNull().default('CN'),
    /** Above the e-invoicing turnover threshold: invoices are exported as INV-01 JSON. */
    eInvoicing: boolean('e_invoicing').notNull().default(false),
    /** The name printed on the signatory line ("Authorised Signatory"). */
    signatory: text('signatory').notNull().default(''),
    updatedAt: updatedAt(),
    /** The staff member who last changed them. */
    updatedBy: oid('updated_by'),
  },
  (t) => [check('store_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The seller's GST rate table: an HSN prefix (2 to 8 digits) and its rate in basis points. A
 * product without a rate of its own takes the longest matching prefix's (shared `rateForHsn`).
 */
export const hsnGstRates = pgTable(
  'hsn_gst_rates',
  {
    hsnPrefix: text('hsn_prefix').primaryKey(),
    rateBp: integer('rate_bp').notNull(),
    description: text('description').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [check('hsn_gst_rates_prefix_check', sql`${t.hsnPrefix} ~ '^[0-9]{2,8}$'`)],
);

/**
 * The next number of each series in each financial year: taken with UPDATE … RETURNING inside
 * the transaction that issues the document, so numbers are gap-free (a rolled-back transaction
 * gives its number back) and unique however many orders are paid at once.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    kind: text('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    nextSequence: integer('next_sequence').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

/**
 * Tax invoices and credit notes (Rule 46, CGST Act §34). `document` is the whole document as
 * issued (shared `TaxDocument`), so the same PDF comes back every time; the totals are copied out
 * for the returns' sums. A credit note names its invoice and, when a refund caused it, the refund.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'invoice' or 'credit_note'. */
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: oid('order_id')
      .notNull()
      .references(() => orders.id),
    invoiceId: bigint('invoice_id', { mode: 'number' }),
    refundId: bigint('refund_id', { mode: 'number' }).references(() => refunds.id),
    /** The India date of issue, YYYY-MM-DD: the returns' month is read from it. */
    issueDate: text('issue_date').notNull(),
    recipientGstin: text('recipient_gstin'),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    document: jsonb('document').notNull(),
    /** What the e-invoice registration portal returned, recorded by staff (e-invoicing only). */
    irn: text('irn'),
    ackNumber: text('ack_number'),
    ackDate: text('ack_date'),
    signedQr: text('signed_qr'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('tax_documents_number_key').on(t.financialYear, t.number),
    unique('tax_documents_sequence_key').on(t.kind, t.financialYear, t.sequence),
    // One invoice per order.
    uniqueIndex('tax_documents_invoice_order_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    // One credit note per refund.
    uniqueIndex('tax_documents_refund_key')
      .on(t.refundId)
      .where(sql`${t.refundId} IS NOT NULL`),
    index('tax_documents_date_idx').on(t.issueDate, t.id),
    index('tax_documents_order_idx').on(t.orderId),
    check('tax_documents_kind_check', sql`${t.kind} IN ('invoice', 'credit_note')`),
  ],
);

// ── Email ───────────────────────────────────────────────────────────────────

/** Transactional outbox: written in the same transaction as the change it reports. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** Kept until the message is sent or given up on, then dropped: it may carry a token. */
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** When the message stops being worth sending (its link expires); retried until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when it expired unsent: the worker gave up on it (logged at warn). */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    /** The order a message is about, for the order desk's list of emails sent. */
    orderId: oid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /**
     * Files to attach, rendered when the message is sent: the tax documents (invoice, credit
     * note) by id, their PDF made from the stored document (decision 052).
     */
    attachments: jsonb('attachments').$type<{ taxDocumentId: number }[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);

export const schema = {
  users,
  refreshTokens,
  accountTokens,
  staff,
  staffRecoveryCodes,
  staffSessions,
  staffInvitations,
  staffAuditLog,
  categories,
  subcategories,
  collections,
  products,
  productPriceTiers,
  productVariants,
  collectionProducts,
  productSearch,
  searchWords,
  searchSync,
  searchOutbox,
  cartLines,
  orders,
  orderLines,
  orderStatusHistory,
  idempotencyKeys,
  payments,
  paymentEvents,
  refunds,
  returnRequests,
  returnPhotos,
  sandboxGatewayTransactions,
  sandboxGatewayRefunds,
  emailOutbox,
  storeSettings,
  hsnGstRates,
  documentSeries,
  taxDocuments,
};

// ── Quotes (issue 22, decision 060) ─────────────────────────────────────────

/**
 * A buyer's request for a price on lines of any quantity. `status` is what happened last:
 * open (asked, not yet answered), answered (a version was sent), accepted (it became
 * `orderId`, once), declined (by the store, with `declineReason`), withdrawn (an open request)
 * or buyer_declined (the current version) by the buyer, whose optional reason is
 * `declineReason` too (decision 073). An answered quote whose
 * latest version's expiry has passed is shown as expired; nothing needs to write that.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: oid('id').primaryKey(),
    userId: oid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('open'),
    note: text('note').notNull(),
    declineReason: text('decline_reason'),
    /** The latest version sent (quote_versions); 0 while none was. */
    currentVersion: integer('current_version').notNull().default(0),
    /** The order its acceptance made; unique, so a quote becomes one order at most. */
    orderId: oid('order_id')
      .unique()
      .references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quotes_user_idx').on(t.userId, t.createdAt),
    index('quotes_status_idx').on(t.status, t.createdAt),
    check(
      'quotes_status_check',
      sql`${t.status} IN ('open', 'answered', 'accepted', 'declined', 'withdrawn', 'buyer_declined')`,
    ),
  ],
);

/** The lines the buyer asked about, as asked; never changed afterwards. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: oid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: oid('product_id')
      .notNull()
      .references(() => products.id),
    variantIndex: smallint('variant_index'),
    source: text('source').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    /** The buyer's target unit price, incl. GST; null when none was given. */
    targetPricePaise: bigint('target_price_paise', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.position] }),
    check('quote_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/**
 * A price the store sent: one unit price per line (paise incl. GST, in line order) and an
 * expiry. Append-only (migration's trigger): a changed offer is a new version.
 */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    quoteId: oid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    unitPricesPaise: jsonb('unit_prices_paise').$type<number[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    staffId: oid('staff_id').references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.version] })],
);

/** The conversation on a quote, buyer and staff, oldest first. */
export const quoteMessages = pgTable(
  'quote_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quoteId: oid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    staffId: oid('staff_id').references(() => staff.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('quote_messages_quote_idx').on(t.quoteId, t.id),
    check('quote_messages_author_check', sql`${t.author} IN ('buyer', 'staff')`),
  ],
);

// ── Address book (issue 22, decision 066) ───────────────────────────────────

/**
 * A buyer's saved shipping addresses. At most one default per buyer (the partial unique index);
 * an order copies the fields it ships to, so nothing here is referenced by an order.
 */
export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    id: oid('id').primaryKey(),
    userId: oid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    recipientName: text('recipient_name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    address3: text('address3').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    /** The GST state code of an Indian address; null abroad. */
    stateCode: text('state_code'),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shipping_addresses_user_idx').on(t.userId),
    uniqueIndex('shipping_addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A buyer's billing entities: a GSTIN, its legal name and registered address, one per state
 * (the GSTIN's first two digits, which the state must be), one of them the default.
 */
export const billingEntities = pgTable(
  'billing_entities',
  {
    id: oid('id').primaryKey(),
    userId: oid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gstin: text('gstin').notNull(),
    legalName: text('legal_name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    stateCode: text('state_code').notNull(),
    postalCode: text('postal_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('billing_entities_user_state_key').on(t.userId, t.stateCode),
    uniqueIndex('billing_entities_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('billing_entities_state_check', sql`left(${t.gstin}, 2) = ${t.stateCode}`),
  ],
);
