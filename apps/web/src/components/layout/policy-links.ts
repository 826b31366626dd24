import { href } from '@storefront/shared/routes';

/** The four policy pages (spec §2), linked from the footer and the mobile menu. */
export const policyLinks = [
  { label: 'Shipping Policy', to: href.shippingPolicy() },
  { label: 'Returns Policy', to: href.returnsPolicy() },
  { label: 'Privacy Policy', to: href.privacyPolicy() },
  { label: 'Terms & Conditions', to: href.termsConditions() },
];
