/**
 * Category slugs and the catalog query key (spec §2 "Header and footer", "Home", §7).
 * Links use the name lowercased with spaces replaced by hyphens; the home cards use the
 * spec's own slugs (e.g. 'bags,-wallets-and-luggage'); both reach the same category because
 * the server matches on the normalised key below.
 */

/** '/categories/{name lowercased, spaces replaced by hyphens}' (spec §2). */
export function categorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The query a listing sends: the slug with hyphens turned to spaces, commas and ampersands removed (spec §7). */
export function slugToQuery(slug: string): string {
  return slug.replace(/-/g, ' ').replace(/[,&]/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The key the server matches categories, subcategories and collections on: lowercase, hyphens
 * as spaces, commas, ampersands and the word 'and' removed, single spaces. So 'Bags, Wallets &
 * Luggage', 'bags,-wallets-and-luggage' and 'bags wallets  luggage' all give 'bags wallets luggage'.
 */
export function catalogMatchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/-/g, ' ')
    .replace(/[,&]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && word !== 'and')
    .join(' ');
}

/** Title shown for a slug when no category name is known: 'home-&-kitchen' → 'Home & Kitchen'. */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
