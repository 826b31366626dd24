/**
 * The prices the product page shows for the chosen variant (decision 047): a variant with a sale
 * price of its own has the product's tiers scaled to it by the shared `variantPricing`, the rule
 * the server charges the cart and the order by; the server's answer wins. Each scaled tier
 * saves the share of the sale price the product's saves, so its savings stay as the server gave.
 */
import type { PriceTierOut, ProductDetail } from '@storefront/shared/catalog';
import { paiseToRupees, rupeesToPaise } from '@storefront/shared/money';
import { variantPricing } from '@storefront/shared/pricing';

export function pricesFor(
  product: Pick<ProductDetail, 'sp' | 'priceTiers' | 'varients'>,
  variantIndex: number | undefined,
): { sp: number; tiers: PriceTierOut[] } {
  const own = product.varients.find((v) => v.variantIndex === variantIndex)?.price ?? null;
  if (own === null) return { sp: product.sp, tiers: product.priceTiers };
  const scaled = variantPricing(
    {
      spPaise: rupeesToPaise(product.sp),
      tiers: product.priceTiers.map((t) => ({
        minQuantity: t.minQuantity,
        maxQuantity: t.maxQuantity,
        pricePaise: rupeesToPaise(t.price),
      })),
    },
    rupeesToPaise(own),
  );
  return {
    sp: paiseToRupees(scaled.spPaise),
    tiers: product.priceTiers.map((t, i) => ({
      ...t,
      price: paiseToRupees(scaled.tiers[i]!.pricePaise),
    })),
  };
}
