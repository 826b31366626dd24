/** Business constants of spec §9, in one place for the server and the web app. */

/** Page size of category listings and search results. */
export const PAGE_SIZE = 20;
/** The deepest page a category listing serves (`GET /api/products?page=`); deeper asks clamp to it. */
export const MAX_LISTING_PAGE = 10_000;
/** Home "Top Categories" rows fetch 10 products of page 2; category cards fetch page 1. */
export const HOME_ROW_LIMIT = 10;
export const HOME_ROW_PAGE = 2;
export const HOME_CARD_PAGE = 1;
/** The home category card shows items 5 to 8 of its list (zero-based slice 4..8). */
export const HOME_CARD_SLICE = [4, 8] as const;
export const CATEGORY_STRIP_COUNT = 8;
/**
 * The home page's shape (spec §2 "Home"): its 'Shop by Category' grid shows the catalog's first
 * HOME_CATEGORY_CARDS categories in the seller's order, 'Top Categories for You' the first
 * HOME_COLLECTION_BANNERS collections; the catalog desk never leaves fewer (decision 050).
 */
export const HOME_CATEGORY_CARDS = 8;
export const HOME_COLLECTION_BANNERS = 5;
export const PAGINATION_PADDING = 3;

export const IMAGE_CHECK_TIMEOUT_MS = 5000;
export const CART_QUANTITY_DEBOUNCE_MS = 500;
export const MOBILE_SEARCH_DEBOUNCE_MS = 300;
export const MOBILE_SEARCH_MIN_CHARS = 3;
export const SEARCH_STALLED_DELAY_MS = 200;
/** Skeleton cards on the search page while it loads or checks images (spec §9). */
export const SEARCH_SKELETON_COUNT = 6;
/** Header suggestions (docs/api-search.md §5): from 2 characters, 150 ms after typing, 5 hits. */
export const SEARCH_SUGGESTIONS_MIN_CHARS = 2;
export const SEARCH_SUGGESTIONS_DEBOUNCE_MS = 150;
export const SEARCH_SUGGESTIONS_COUNT = 5;
/** The one field the search page and the suggestions show highlighted, so the only one asked for. */
export const SEARCH_HIGHLIGHTED_ATTRIBUTES = ['name'];
export const HERO_AUTOPLAY_MS = 5000;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const RELATED_PRODUCTS_STALE_MS = 5 * 60 * 1000;

export const STATIC_RATING = 4.5;
export const STATIC_REVIEW_COUNT = 120;
export const STOCK_TEXT = 'In Stock - Ships within 1 business day from warehouse';
/** Below this many units the product page adds "Only N left" (issue 20, decision 048). */
export const LOW_STOCK_THRESHOLD = 10;
export const SHIPPING_TEXT = 'Standard shipping: 18-20 days for all orders';

export const ORDER_CURRENCY = 'INR';
export const ORDER_SOURCE = 1;
export const DEFAULT_COUNTRY_CODE = 'in';
export const DEFAULT_BUSINESS_TYPE = 'Manufacturer';
/** The spec's signup sends this literal for a missing street, state or country. */
export const SIGNUP_PLACEHOLDER = 'string';

export const GST_LENGTH = 15;
export const PASSWORD_MIN = 8;
export const PHONE_MIN = 10;

/** Cart and order quantity bounds: at least 1 (spec §5), at most a sane B2B maximum. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 100_000;
/**
 * Lines (product, variant, source) one cart may hold: every cart answer prices every line, and
 * an order snapshots each line, so a cart stays a size a buyer can review (decision 027).
 */
export const CART_LINES_MAX = 200;

export const SEARCH_INDEX = 'product_index';
/** Where our own engine answers, relative to the site's origin (the host the client uses). */
export const SEARCH_API_PATH = '/api/search';
export const MULTIPLE_PRODUCTS_MAX = 100;

/** The header that makes an order submission safe to retry (decision 014). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/*
 * Limits of the quick order, the quotes and the address book, here rather than beside their
 * schemas: a page that shows one (a form's maximum, a full book) then needs no zod before it
 * paints (decision 033).
 */
/**
 * The quantity the product page and the FAQ suggest asking a quote for ("above 250 units"; issue
 * 22).
 */
export const QUOTE_SUGGESTED_QUANTITY = 250;
/** A quote's note, message or decline reason, in characters. */
export const QUOTE_NOTE_MAX = 2000;
export const QUOTE_LINES_MAX = 50;
/** The largest CSV file or paste a quick order reads: 200 rows with a few columns fit many times. */
export const QUICK_ORDER_TEXT_MAX_BYTES = 256 * 1024;
/** How many shipping addresses a buyer may keep. */
export const MAX_SHIPPING_ADDRESSES = 20;
