/** The business details the footer and the policy pages show. */
export const SITE_NAME = 'B2B Storefront';
export const SUPPORT_EMAIL = 'support@storefront.local';
/** A link that opens the buyer's mail app on a message to support with `subject`. */
export const supportMailto = (subject: string) =>
  `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`;
export const POSTAL_ADDRESS = [
  'B2B Storefront Pvt. Ltd.',
  '4th Floor, Trade Centre, Bandra Kurla Complex',
  'Mumbai, Maharashtra 400051, India',
];
export const SUPPORT_HOURS = '10am to 6pm, Monday to Friday';
