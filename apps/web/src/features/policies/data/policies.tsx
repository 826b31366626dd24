/**
 * The four policy pages (spec §2) with the policy facts of spec §5 and §9: delivery times,
 * processing times, where the store ships (the seller's setting, issue 21), 7-day claims and
 * refunds, what can be returned, cancellations, the 18+ age rule and the support hours.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '@storefront/shared/routes';
import { POSTAL_ADDRESS, SUPPORT_EMAIL, SUPPORT_HOURS } from '../../../components/layout/site-info';
import { WhereWeShip } from '../components/where-we-ship';

export type PolicyId = 'shipping' | 'returns' | 'privacy' | 'terms';

export interface PolicySection {
  heading: string;
  body: ReactNode;
}

export interface Policy {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: PolicySection[];
}

export const POLICY_LAST_UPDATED = '1 January 2026';

const contact = (
  <>
    Write to{' '}
    <a href={`mailto:${SUPPORT_EMAIL}`} className="text-blue-700 underline">
      {SUPPORT_EMAIL}
    </a>
    . Our support team answers from {SUPPORT_HOURS}.
  </>
);

export const POLICIES: Record<PolicyId, Policy> = {
  shipping: {
    title: 'Shipping Policy',
    lastUpdated: POLICY_LAST_UPDATED,
    intro:
      'How and when your order reaches you, and where we ship. We handle international freight and customs for imported products.',
    sections: [
      {
        heading: 'International products',
        body: (
          <ul className="list-disc space-y-1 pl-5">
            <li>Orders are processed in 1 to 3 days before import.</li>
            <li>
              Delivery takes 12 to 20 business days in total: 10 to 12 business days for import,
              then 3 to 6 business days for domestic delivery.
            </li>
          </ul>
        ),
      },
      {
        heading: 'Domestic products',
        body: (
          <ul className="list-disc space-y-1 pl-5">
            <li>Orders are processed in 1 to 2 days.</li>
            <li>Metro cities: delivery in 3 to 5 days.</li>
            <li>Non-metro locations: delivery in 5 to 7 days.</li>
          </ul>
        ),
      },
      {
        heading: 'Where we ship',
        body: <WhereWeShip />,
      },
      {
        heading: 'Tracking',
        body: (
          <p>
            Once your order ships, Your Orders shows its carrier and tracking number. Delivery times
            are estimates from the day the order is processed.
          </p>
        ),
      },
      { heading: 'Questions', body: <p>{contact}</p> },
    ],
  },
  returns: {
    title: 'Returns Policy',
    lastUpdated: POLICY_LAST_UPDATED,
    intro:
      'We accept returns of items that arrive wrong or damaged. Please check your delivery as soon as it arrives.',
    sections: [
      {
        heading: 'What can be returned',
        body: (
          <ul className="list-disc space-y-1 pl-5">
            <li>Only wrong or damaged items can be returned.</li>
            <li>We do not offer exchanges.</li>
          </ul>
        ),
      },
      {
        heading: 'How to report a problem',
        body: (
          <p>
            Report a wrong or damaged item within 7 days of delivery, with your order number and
            photos of the item and its packaging. {contact}
          </p>
        ),
      },
      {
        heading: 'Refunds',
        body: (
          <p>
            Once we receive and inspect the returned item, we refund you within 7 days after the
            inspection, to the original payment method.
          </p>
        ),
      },
      {
        heading: 'Cancellations',
        body: (
          <ul className="list-disc space-y-1 pl-5">
            <li>An order cannot be cancelled after it has shipped.</li>
            <li>Customized orders cannot be cancelled.</li>
          </ul>
        ),
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    lastUpdated: POLICY_LAST_UPDATED,
    intro:
      'This policy explains what we collect about you and your business, why, and the choices you have.',
    sections: [
      {
        heading: 'What we collect',
        body: (
          <p>
            Your name, email, phone number, company name, business address and GST number when you
            register; the orders you place and their shipping addresses; and technical data needed
            to keep your session secure.
          </p>
        ),
      },
      {
        heading: 'How we use it',
        body: (
          <p>
            To run your account, process and deliver your orders, issue GST invoices, answer support
            requests and meet our legal obligations. We do not sell your data.
          </p>
        ),
      },
      {
        heading: 'Payments',
        body: (
          <p>
            Payments are handled by our payment partner. We never see or store your card or UPI
            credentials.
          </p>
        ),
      },
      {
        heading: 'Your choices',
        body: (
          <p>
            You may ask for a copy of your data, or for its correction or deletion, subject to the
            records we must keep by law. {contact}
          </p>
        ),
      },
    ],
  },
  terms: {
    title: 'Terms & Conditions',
    lastUpdated: POLICY_LAST_UPDATED,
    intro: 'These terms apply to every purchase made on our storefront.',
    sections: [
      {
        heading: 'Who may buy',
        body: (
          <p>
            Buyers must be 18 or older and purchase on behalf of a business registered in India.
          </p>
        ),
      },
      {
        heading: 'Prices and payment',
        body: (
          <p>
            Prices are in Indian rupees. Volume prices apply automatically to the quantity ordered,
            and the total is confirmed when the order is placed.
          </p>
        ),
      },
      {
        heading: 'Shipping, returns and cancellations',
        body: (
          <p>
            We ship to the countries our{' '}
            <Link to={href.shippingPolicy()} className="text-blue-700 underline">
              Shipping Policy
            </Link>{' '}
            lists. Return or damage claims must be made within 7 days of delivery; only wrong or
            damaged items are returnable, and orders cannot be cancelled after shipping or when
            customized.
          </p>
        ),
      },
      {
        heading: 'Contact',
        body: (
          <p>
            {POSTAL_ADDRESS.join(', ')}. {contact}
          </p>
        ),
      },
    ],
  },
};
