/**
 * Which variant the selected options name (spec §3 "Variant", §5 "Add to cart"): a variant's
 * option1 is the selected values joined by comma and space. The variantIndex sent is the one the
 * product detail gives that variant (decision 028), not its place in the list; it is sent only
 * when the product has options.
 */
import type { ProductOption, ProductVariant } from '@storefront/shared/catalog';

export type VariantResult =
  { ok: true; variantIndex: number | undefined } | { ok: false; error: string };

export function initialSelection(options: readonly ProductOption[]): string[] {
  return options.map((option) => option.values[0] ?? '');
}

export function resolveVariant(
  product: { options: readonly ProductOption[]; varients: readonly ProductVariant[] },
  selection: readonly string[],
): VariantResult {
  if (product.options.length === 0) return { ok: true, variantIndex: undefined };
  if (product.varients.length === 0) {
    return {
      ok: false,
      error: 'Product configuration error: Options defined without corresponding varients.',
    };
  }
  const combination = selection.join(', ');
  const variant = product.varients.find((v) => v.option1 === combination);
  if (!variant) {
    return {
      ok: false,
      error: `Selected product variant combination (${combination}) is not available.`,
    };
  }
  return { ok: true, variantIndex: variant.variantIndex };
}
