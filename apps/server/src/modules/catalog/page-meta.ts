/**
 * Server-rendered meta for catalog pages (issue 3): a product page's title, description,
 * canonical URL, Open Graph tags and schema.org Product JSON-LD; a listing's (category,
 * subcategory or collection) the same with an ItemList of its first page, so a shared link or
 * a crawler sees them without running JavaScript. A path naming nothing answers 404. A product
 * or a listing's first page is taken from the page's first answers when they hold it, not read
 * a second time.
 */
import type { ProductDetail, ProductListResponse } from '@storefront/shared/catalog';
import { catalogCalls } from '@storefront/shared/catalog-calls';
import { PAGE_SIZE } from '@storefront/shared/constants';
import { resolveImageUrl } from '@storefront/shared/images';
import { paiseToRupees } from '@storefront/shared/money';
import { defaultUnitPaise } from '@storefront/shared/pricing';
import { href } from '@storefront/shared/routes';
import type { Db } from '../../db/connect.js';
import type { TaxSetupSource } from '../../module-context.js';
import { AppError } from '../../lib/errors.js';
import type { Answers, PageMeta, PageMetaMakers } from '../../lib/page-meta.js';
import { findListing, getProduct, listProducts } from './service.js';

const SITE = 'B2B Storefront';

/** The meta of the pages whose data the catalog owns: a product, and a listing. */
export function catalogPageMeta(
  db: Db,
  publicUrl: string,
  taxSetup: TaxSetupSource,
): PageMetaMakers {
  return {
    product: async ({ param: id = '' }, answers) => {
      const canonicalUrl = `${publicUrl}${href.product(id)}`;
      try {
        if (!/^[0-9a-f]{24}$/.test(id))
          throw new AppError('not_found', 'product_not_found', 'Product not found');
        // The product the page's first answers already hold, else read for the meta alone.
        const answer = answers[catalogCalls.product(id)] as { payload: ProductDetail } | undefined;
        const p = answer?.payload ?? (await getProduct(db, id, (await taxSetup.current()).rates));
        const image = p.images[0] ? `${publicUrl}${resolveImageUrl(p.images[0])}` : undefined;
        // The price the page leads with (one unit, default source, GST included), so a search
        // result never shows a lower price than the page.
        const price = paiseToRupees(defaultUnitPaise(p.sp)).toFixed(2);
        const description =
          `${p.name} — ₹${price} per unit incl. GST, less in bulk. ${p.summary}`.slice(0, 300);
        return {
          title: `${p.name} | ${SITE}`,
          description,
          canonicalUrl,
          image,
          type: 'product',
          jsonLd: {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: p.name,
            sku: p.code,
            description: p.summary,
            brand: { '@type': 'Brand', name: p.pd_brand },
            category: `${p.category} > ${p.subcategory}`,
            ...(image ? { image: [image] } : {}),
            offers: {
              '@type': 'Offer',
              url: canonicalUrl,
              priceCurrency: 'INR',
              price,
              // No availability: stock is read uncached (decision 048) and this page's meta is
              // made from its cached first answers, so it cannot say in stock or out truthfully.
            },
          },
        };
      } catch (error) {
        if (error instanceof AppError && error.status === 404) {
          return {
            title: `Product not found | ${SITE}`,
            description: 'This product could not be found.',
            status: 404,
          };
        }
        throw error;
      }
    },
    listing: async ({ param: slug = '' }, answers) => listingMeta(db, publicUrl, slug, answers),
  };
}

/**
 * A listing's meta: whichever spelling of the slug reached it, the canonical URL carries the
 * stored slug (a subcategory under /subcategories/), the title its display name, the image and
 * the JSON-LD ItemList its first page. A slug that names nothing answers 404.
 */
async function listingMeta(
  db: Db,
  publicUrl: string,
  slug: string,
  answers: Answers,
): Promise<PageMeta> {
  const listing = await findListing(db, slug);
  if (!listing) {
    return {
      title: `Page not found | ${SITE}`,
      description: 'This category could not be found.',
      status: 404,
    };
  }
  const path =
    listing.kind === 'subcategory' ? href.subcategory(listing.slug) : href.category(listing.slug);
  const canonicalUrl = `${publicUrl}${path}`;
  // The first page as the page's first answers hold it (a visit to page 1), else read.
  const firstPage = answers[catalogCalls.listing(slug, 1)] as ProductListResponse | undefined;
  const { products, total } = firstPage
    ? { products: firstPage.payload, total: firstPage.total }
    : await listProducts(db, listing.slug, 1, PAGE_SIZE);
  const firstImage = products.find((p) => p.images[0])?.images[0];
  return {
    title: `${listing.name} — wholesale prices | ${SITE}`,
    description: `Buy ${listing.name} in bulk for your business: volume price tiers in rupees, GST invoices, shipping across India.`,
    canonicalUrl,
    image: firstImage ? `${publicUrl}${resolveImageUrl(firstImage)}` : undefined,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: listing.name,
      url: canonicalUrl,
      numberOfItems: total,
      itemListElement: products.map((p, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: `${publicUrl}${href.product(p._id)}`,
        name: p.name,
      })),
    },
  };
}
