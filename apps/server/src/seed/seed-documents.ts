/**
 * The demo catalog as the seller's documents (decision 051): what an import of it would hold, so
 * the seed saves it through the import's writer. Pure, so the bench writes its import file with it.
 */
import type { ProductDocument } from '@storefront/shared/catalog-product';
import type { CatalogTaxonomy, ProductBatch } from './generate.js';

/**
 * A generated batch as the seller's documents (what an import of the demo catalog would hold),
 * with the generated id of each by code.
 */
export function seedDocuments(
  taxonomy: CatalogTaxonomy,
  batch: ProductBatch,
): { documents: ProductDocument[]; ids: Map<string, string> } {
  const categorySlugs = new Map(taxonomy.categories.map((c) => [c.id, c.slug]));
  const subcategorySlugs = new Map(taxonomy.subcategories.map((s) => [s.id, s.slug]));
  const byProduct = <T extends { productId: string }>(rows: T[]) => {
    const grouped = new Map<string, T[]>();
    for (const row of rows)
      grouped.set(row.productId, [...(grouped.get(row.productId) ?? []), row]);
    return grouped;
  };
  const tiers = byProduct(batch.tiers);
  const variants = byProduct(batch.variants);
  // Units on hand by product, then by variant position ('product' for the product's own row).
  const stock = new Map<string, Map<number | 'product', number>>();
  for (const row of batch.stock) {
    const rows = stock.get(row.productId) ?? new Map<number | 'product', number>();
    rows.set(row.variantPosition ?? 'product', row.onHand);
    stock.set(row.productId, rows);
  }
  const ids = new Map<string, string>();
  const documents = batch.products.map((p): ProductDocument => {
    ids.set(p.code, p.id);
    const units = stock.get(p.id);
    return {
      code: p.code,
      sellerSku: p.sellerSku,
      name: p.name,
      brand: p.brand,
      category: categorySlugs.get(p.categoryId)!,
      subcategory: subcategorySlugs.get(p.subcategoryId)!,
      features: p.features,
      descriptionHtml: p.descriptionHtml,
      hsn: p.hsn,
      // The demo's rates come from its HSN table (seed.ts, ensureDemoStore).
      gstRateBp: null,
      weightGrams: p.weightGrams,
      location: p.location,
      mrpPaise: p.mrpPaise,
      spPaise: p.spPaise,
      tiers: (tiers.get(p.id) ?? []).map(({ minQuantity, maxQuantity, pricePaise }) => ({
        minQuantity,
        maxQuantity,
        pricePaise,
      })),
      options: p.options,
      variants: (variants.get(p.id) ?? [])
        .sort((a, b) => a.position - b.position)
        .map((v) => ({
          option1: v.option1,
          sku: v.sku,
          pricePaise: v.pricePaise,
          stock: units?.get(v.position) ?? null,
        })),
      images: p.images,
      status: p.status,
      stock: units?.get('product') ?? null,
      minOrderQuantity: p.minOrderQuantity,
      orderMultiple: p.orderMultiple,
    };
  });
  return { documents, ids };
}
