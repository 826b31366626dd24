import { test, expect } from '../../fixtures';
import { href } from '@storefront/shared/routes';

const policies = [
  {
    path: href.shippingPolicy(),
    title: 'Shipping Policy',
    facts: [
      'Orders are processed in 1 to 3 days before import.',
      'Delivery takes 12 to 20 business days in total: 10 to 12 business days for import, then 3 to 6 business days for domestic delivery.',
      'Orders are processed in 1 to 2 days.',
      'Metro cities: delivery in 3 to 5 days.',
      'Non-metro locations: delivery in 5 to 7 days.',
      // From the store's settings (GET /api/store, issue 21): India by default.
      /We ship only to addresses in India\. At checkout, a delivery address in any other country/,
    ],
  },
  {
    path: href.returnsPolicy(),
    title: 'Returns Policy',
    facts: [
      'Only wrong or damaged items can be returned.',
      'We do not offer exchanges.',
      'An order cannot be cancelled after it has shipped.',
      'Customized orders cannot be cancelled.',
      /Report a wrong or damaged item within 7 days of delivery/,
      /we refund you within 7 days after the\s+inspection/,
      /10am to 6pm, Monday to Friday/,
    ],
  },
  {
    path: href.privacyPolicy(),
    title: 'Privacy Policy',
    facts: [/We do not sell your data\./],
  },
  {
    path: href.termsConditions(),
    title: 'Terms & Conditions',
    facts: [/Buyers must be 18 or older/, /within 7 days of\s+delivery/],
  },
];

test.describe('static pages', () => {
  for (const policy of policies) {
    test(`${policy.title} shows its title, last-updated text and policy facts`, async ({
      page,
      navigate,
    }) => {
      await navigate(policy.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.title);
      await expect(page.getByText('Last updated: 1 January 2026')).toBeVisible();
      for (const fact of policy.facts) {
        await expect(page.getByText(fact).first()).toBeVisible();
      }
      await expect(page).toHaveTitle(`${policy.title} | B2B Storefront`);
    });
  }

  test('the FAQ page opens one of its five items at a time', async ({ page, navigate }) => {
    await navigate(href.faq());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
    const triggers = page.getByRole('main').getByRole('button');
    await expect(triggers).toHaveText([
      'What is the B2B service?',
      'How do shipping and customs work?',
      'Which businesses can use the service?',
      'How can I track my order?',
      'Do you offer volume discounts?',
    ]);
    await triggers.nth(1).click();
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(
      page.getByText(/we ship your order to India and take care of the\s+import/),
    ).toBeVisible();
    await triggers.nth(2).click();
    await expect(triggers.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'false');
    await triggers.nth(2).click();
    await expect(triggers.nth(2)).toHaveAttribute('aria-expanded', 'false');
  });

  test('an unknown path shows the 404 texts inside the site frame', async ({ page, navigate }) => {
    await navigate('/definitely/not/here');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });
});
