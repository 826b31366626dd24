/**
 * The console's routes in one table, with the href builders its links use, and the sections
 * of its navigation with the roles that may use each (the server checks the same on every call;
 * this only keeps a member from being shown what they cannot open).
 */
import {
  BUYER_DATA_ROLES,
  roleAllows,
  STAFF_ROLES,
  type StaffRole,
} from '@storefront/shared/staff';

export const CONSOLE_BASE = '/admin';

export const consolePaths = {
  login: '/admin/login',
  setup: '/admin/setup',
  dashboard: '/admin',
  orders: '/admin/orders',
  order: '/admin/orders/:mkpOrderId',
  payments: '/admin/payments',
  quotes: '/admin/quotes',
  quote: '/admin/quotes/:id',
  returnRequests: '/admin/return-requests',
  returnRequest: '/admin/return-requests/:returnId',
  buyers: '/admin/buyers',
  buyer: '/admin/buyers/:id',
  staff: '/admin/staff',
  audit: '/admin/audit',
  catalog: '/admin/catalog',
  catalogNew: '/admin/catalog/products/new',
  catalogProduct: '/admin/catalog/products/:id',
  taxonomy: '/admin/categories',
  catalogTransfer: '/admin/import',
  settings: '/admin/settings',
  taxRates: '/admin/tax-rates',
  taxDocuments: '/admin/tax-documents',
} as const;

/** Why the sign-in page is shown: the session ran out, or the member signed out. */
export type SignInReason = 'expired' | 'signed_out';

export const consoleHref = {
  /** The sign-in page; `next` is where to return after signing in (a console path). */
  login: ({ next, reason }: { next?: string; reason?: SignInReason } = {}) => {
    const params = new URLSearchParams();
    if (next && next !== consolePaths.dashboard) params.set('next', next);
    if (reason) params.set('reason', reason);
    const search = params.toString();
    return search ? `${consolePaths.login}?${search}` : consolePaths.login;
  },
  order: (mkpOrderId: string) => `${consolePaths.orders}/${encodeURIComponent(mkpOrderId)}`,
  buyer: (id: string) => `${consolePaths.buyers}/${encodeURIComponent(id)}`,
  quote: (id: string) => `${consolePaths.quotes}/${encodeURIComponent(id)}`,
  /** A return of delivered goods (issue 22), never a GST return. */
  returnRequest: (id: number) => `${consolePaths.returnRequests}/${id}`,
  returnRequestsWith: (query: Record<string, string>) => {
    const search = new URLSearchParams(query).toString();
    return search ? `${consolePaths.returnRequests}?${search}` : consolePaths.returnRequests;
  },
  catalogProduct: (id: string) => `${consolePaths.catalog}/products/${encodeURIComponent(id)}`,
  /** The import / export page following an import job. */
  catalogImport: (jobId: string) =>
    `${consolePaths.catalogTransfer}?${new URLSearchParams({ job: jobId }).toString()}`,
  ordersWith: (query: Record<string, string>) =>
    `${consolePaths.orders}?${new URLSearchParams(query).toString()}`,
};

/**
 * Where to go after signing in: `next` when it is a path of the console (never another site,
 * nor the sign-in or setup page itself), else the dashboard.
 */
export function returnPath(next: string | null): string {
  if (
    !next ||
    !/^\/admin(\/|\?|$)/.test(next) ||
    next.startsWith(consolePaths.login) ||
    next.startsWith(consolePaths.setup)
  )
    return consolePaths.dashboard;
  return next;
}

export type SectionKey =
  | 'dashboard'
  | 'orders'
  | 'payments'
  | 'quotes'
  | 'returnRequests'
  | 'buyers'
  | 'catalog'
  | 'taxonomy'
  | 'catalogTransfer'
  | 'taxRates'
  | 'settings'
  | 'taxDocuments'
  | 'staff'
  | 'audit';

export interface Section {
  key: SectionKey;
  label: string;
  path: string;
  /** Who may use it besides the owner, who may use everything (roleAllows). */
  roles: readonly StaffRole[];
}

export const SECTIONS: readonly Section[] = [
  { key: 'dashboard', label: 'Dashboard', path: consolePaths.dashboard, roles: STAFF_ROLES },
  { key: 'orders', label: 'Orders', path: consolePaths.orders, roles: BUYER_DATA_ROLES },
  // Returns of delivered goods (decision 061): the order desk's, as the API allows them.
  {
    key: 'returnRequests',
    label: 'Return requests',
    path: consolePaths.returnRequests,
    roles: ['fulfilment', 'finance'],
  },
  { key: 'payments', label: 'Payments', path: consolePaths.payments, roles: ['finance'] },
  // Prices for buyers: the owner and finance, as the server's quote routes (decision 060).
  { key: 'quotes', label: 'Quotes', path: consolePaths.quotes, roles: ['finance'] },
  { key: 'buyers', label: 'Buyers', path: consolePaths.buyers, roles: BUYER_DATA_ROLES },
  {
    key: 'taxDocuments',
    label: 'Tax documents & returns',
    path: consolePaths.taxDocuments,
    roles: ['finance'],
  },
  { key: 'catalog', label: 'Products', path: consolePaths.catalog, roles: ['catalog'] },
  { key: 'taxonomy', label: 'Categories', path: consolePaths.taxonomy, roles: ['catalog'] },
  {
    key: 'catalogTransfer',
    label: 'Import / export',
    path: consolePaths.catalogTransfer,
    roles: ['catalog'],
  },
  // The HSN table: catalog staff keep it (a product's rate comes from it), finance reads it.
  {
    key: 'taxRates',
    label: 'Tax rates',
    path: consolePaths.taxRates,
    roles: ['catalog', 'finance'],
  },
  // The seller's registration: the owner changes it, finance reads it (invoices carry it).
  { key: 'settings', label: 'Settings', path: consolePaths.settings, roles: ['finance'] },
  { key: 'staff', label: 'Staff', path: consolePaths.staff, roles: ['owner'] },
  { key: 'audit', label: 'Audit log', path: consolePaths.audit, roles: ['owner'] },
];

export function sectionsFor(role: StaffRole): Section[] {
  return SECTIONS.filter((section) => roleAllows(role, section.roles));
}

export function sectionAllows(key: SectionKey, role: StaffRole): boolean {
  const section = SECTIONS.find((candidate) => candidate.key === key);
  return section !== undefined && roleAllows(role, section.roles);
}
