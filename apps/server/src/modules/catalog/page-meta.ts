/**
 * Server-rendered meta for catalog pages (issue 3): a product page's title, description,
 * canonical URL, Open Graph tags and schema.org Product JSON-LD, and a category page's title
 * and description, so a shared link or a crawler sees them without running JavaScript.
 */
import { resolveImageUrl } from '@storefront/shared/images';
import { catalogMatchKey, titleFromSlug } from '@storefront/shared/slugs';
import type { Db } from '../../db/connect.js';
import type { PageMeta } from '../../lib/spa.js';
import { AppError } from '../../lib/errors.js';
import { getProduct, listCategories } from './service.js';

const SITE = 'B2B Storefront';
const PRODUCT_PATH = /^\/products\/([^/]+)\/?$/;
const CATEGORY_PATH = /^\/(categories|subcategories)\/([^/]+)\/?$/;

export function catalogPageMeta(db: Db, publicUrl: string) {
  return async (path: string): Promise<PageMeta | null> => {
    const product = PRODUCT_PATH.exec(path);
    if (product) {
      const id = product[1]!;
      const canonicalUrl = `${publicUrl}/products/${id}`;
      try {
        if (!/^[0-9a-f]{24}$/.test(id))
          throw new AppError('not_found', 'product_not_found', 'Product not found');
        const p = await getProduct(db, id);
        const image = p.images[0] ? `${publicUrl}${resolveImageUrl(p.images[0])}` : undefined;
        const description =
          `${p.name} — bulk prices from ₹${p.sp.toFixed(2)} per unit. ${p.summary}`.slice(0, 300);
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
              price: p.sp.toFixed(2),
              availability: 'https://schema.org/InStock',
            },
          },
        };
      } catch (error) {
        if (error instanceof AppError && error.status === 404) {
          return {
            title: `Product not found | ${SITE}`,
            description: 'This product could not be found.',
            canonicalUrl,
            status: 404,
          };
        }
        throw error;
      }
    }
    const category = CATEGORY_PATH.exec(path);
    if (category) {
      const [, kind, slug] = category as unknown as [string, string, string];
      const key = catalogMatchKey(slug);
      const categories = await listCategories(db);
      const match =
        categories.find((c) => catalogMatchKey(c.category) === key)?.category ??
        categories.flatMap((c) => c.subCategory).find((s) => catalogMatchKey(s.name) === key)
          ?.name ??
        titleFromSlug(slug);
      return {
        title: `${match} — wholesale prices | ${SITE}`,
        description: `Buy ${match} in bulk for your business: volume price tiers in rupees, GST invoices, shipping across India.`,
        canonicalUrl: `${publicUrl}/${kind}/${slug}`,
      };
    }
    return null;
  };
}
