import { formatRupees, rupeesToPaise } from '@storefront/shared/money';

/** An API rupee amount shown as '₹1,23,456.00' (docs/product-decisions.md #2). */
export function formatRupeeAmount(rupees: number): string {
  return formatRupees(rupeesToPaise(rupees));
}

/** The id a product links with: objectID if present, otherwise _id (spec §2 "Product card"). */
export function productLinkId(product: { objectID?: string | null; _id: string }): string {
  return product.objectID || product._id;
}
