/**
 * The hero's four slides and the second carousel's two (spec §2 "Home"). Each slide has the
 * spec's Slide fields (id, title, subtitle, description, buttonText, imageUrl, gradient); the
 * background images are local SVGs (public/hero), the gradient a Tailwind overlay.
 *
 * The spec shows no click action for the slide buttons; each goes to the page its words
 * promise (sign-in for Get Started and Join Network, the FAQ for Learn More, orders for Track
 * Now, the shipping policy for Ship Now, new arrivals for Browse Now).
 */
import { href } from '@storefront/shared/routes';

export interface Slide {
  id: number;
  title: string;
  subtitle: string;
  description: string;
  buttonText: string;
  imageUrl: string;
  gradient: string;
  to: string;
}

export const HERO_SLIDES: Slide[] = [
  {
    id: 1,
    subtitle: 'Global sourcing for Indian businesses',
    title: 'Streamline Your Supply Chain',
    description:
      'Source from overseas suppliers and domestic warehouses in one place, with bulk price tiers in rupees.',
    buttonText: 'Get Started',
    imageUrl: '/hero/supply-chain.svg',
    gradient: 'from-slate-950/85 via-blue-950/60 to-transparent',
    to: href.auth(),
  },
  {
    id: 2,
    subtitle: 'Imports without the paperwork',
    title: 'Smarter Goods Transfer',
    description:
      'We handle international freight and customs clearance so your stock arrives ready to sell.',
    buttonText: 'Learn More',
    imageUrl: '/hero/goods-transfer.svg',
    gradient: 'from-slate-950/85 via-violet-950/60 to-transparent',
    to: href.faq(),
  },
  {
    id: 3,
    subtitle: 'Reliable delivery across India',
    title: 'Trusted B2B Delivery',
    description:
      'Every order is tracked from our warehouse to your door, with updates at each step.',
    buttonText: 'Track Now',
    imageUrl: '/hero/b2b-delivery.svg',
    gradient: 'from-slate-950/85 via-emerald-950/60 to-transparent',
    to: href.orders(),
  },
  {
    id: 4,
    subtitle: 'Retailers, distributors and manufacturers',
    title: 'Collaborate with Confidence',
    description:
      'Join a network of Indian businesses buying at volume prices with dedicated support.',
    buttonText: 'Join Network',
    imageUrl: '/hero/collaborate.svg',
    gradient: 'from-slate-950/85 via-orange-950/60 to-transparent',
    to: href.auth(),
  },
];

export const PROMO_SLIDES: Slide[] = [
  {
    id: 1,
    subtitle: 'Ex-India Customs delivery',
    title: 'Hassle-Free Shipping',
    description: 'We ship to India and keep you informed from dispatch to delivery.',
    buttonText: 'Ship Now',
    imageUrl: '/hero/shipping.svg',
    gradient: 'from-slate-950/80 via-cyan-950/50 to-transparent',
    to: href.shippingPolicy(),
  },
  {
    id: 2,
    subtitle: 'Stock up at volume prices',
    title: 'Seamless Inventory Management',
    description: 'Order in bulk with tiered pricing and keep your shelves full.',
    buttonText: 'Browse Now',
    imageUrl: '/hero/inventory.svg',
    gradient: 'from-slate-950/80 via-fuchsia-950/50 to-transparent',
    to: href.category('new-arrivals'),
  },
];
