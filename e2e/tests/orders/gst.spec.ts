/**
 * Issue 21's journey (decisions 052, 054, 055, 056, 057): GST from the checkout to the return.
 * A buyer registered in Karnataka orders from the Maharashtra seller, pays through the sandbox
 * gateway, sees IGST with the place of supply Karnataka (29) on the payment and order pages, and
 * downloads the tax invoice, whose PDF carries its number, both GSTINs, the place of supply and
 * the IGST the page showed. The demo buyer in Maharashtra orders and pays and sees CGST + SGST.
 * A finance member refunds one unit of the Karnataka order through the console's Refund dialog:
 * a credit note follows, in the console and on the buyer's page, as a PDF and by email. The
 * month's GSTR-1 JSON, downloaded from Tax documents & returns, has both invoices in B2B under
 * their GSTINs (inter-state and intra-state) and the credit note in CDNR.
 *
 * Every figure is checked against the shared rule (`lineTax`, `taxTotals`) applied to what the
 * page shows, then followed into the PDF, the console and the return.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Download, Locator } from '@playwright/test';
import { lineTax, taxTotals, type SupplyType } from '@storefront/shared/gst';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import { formatRupees } from '@storefront/shared/money';
import type { DeskOrderDetail } from '@storefront/shared/order-desk';
import { href } from '@storefront/shared/routes';
import { DEMO_BUYER, expect, test, type Page } from '../../fixtures';
import { enrolMember, payOnGateway } from '../admin/staff';
import { addToCartThroughApi, emptyCart, findTieredProductWithOptions } from './helpers';

/** The demo seller's registration (the seed's, in Maharashtra). */
const SELLER_GSTIN = '27AAKCS4912M1ZW';
const KARNATAKA_IGST = 'Place of supply: Karnataka (29) · IGST';
const MAHARASHTRA_SPLIT = 'Place of supply: Maharashtra (27) · CGST + SGST';

/** A Karnataka company's GSTIN, its PAN's digits from the clock, its check character computed. */
function karnatakaGstin(): string {
  const first14 = `29AAKCK${1000 + (Date.now() % 9000)}K1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** '₹1,23,456.78' → 12345678. */
function paiseOf(text: string | null): number {
  const match = /(-?)₹([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`not an amount in rupees: ${text}`);
  const paise = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -paise : paise;
}

/** What a page shows of an order's GST: each line's split, the taxable value, each head. */
interface ShownTax {
  lines: { grossPaise: number; rateBp: number; taxablePaise: number }[];
  taxablePaise: number;
  heads: Record<string, number>;
  totalPaise: number;
}

async function shownTax(scope: Locator, totalTestId: string): Promise<ShownTax> {
  await expect(scope.getByTestId('line-tax').first()).toBeVisible();
  const lines = [];
  for (const line of await scope.getByTestId('line-tax').all()) {
    const taxablePaise = paiseOf(await line.getByTestId('line-taxable').textContent());
    const gstPaise = paiseOf(await line.getByTestId('line-gst').textContent());
    const rate = /GST \(([\d.]+)%\)/.exec((await line.textContent()) ?? '')?.[1];
    lines.push({
      grossPaise: taxablePaise + gstPaise,
      rateBp: Math.round(Number(rate) * 100),
      taxablePaise,
    });
  }
  // 'GST' is the unsplit 'GST (included)' row: shown, it fails the heads' check.
  const heads: Record<string, number> = {};
  for (const head of ['CGST', 'SGST', 'UTGST', 'IGST', 'GST']) {
    const row = scope.getByTestId(`tax-${head.toLowerCase()}`);
    if ((await row.count()) > 0) heads[head] = paiseOf(await row.textContent());
  }
  return {
    lines,
    taxablePaise: paiseOf(await scope.getByTestId('taxable-value').textContent()),
    heads,
    totalPaise: paiseOf(await scope.getByTestId(totalTestId).textContent()),
  };
}

/**
 * The shown figures are the shared rule's: each line's taxable value is `lineTax` of its total,
 * and the heads are the lines' sums, IGST alone across states, CGST + SGST within one. Answers
 * the totals and the first line's rate, for the checks that follow the order into its documents.
 */
function expectTheRule(shown: ShownTax, supply: SupplyType) {
  const lines = shown.lines.map((line) => lineTax(line.grossPaise, line.rateBp, supply));
  expect(shown.lines.map((line) => line.taxablePaise)).toEqual(
    lines.map((line) => line.taxablePaise),
  );
  const totals = taxTotals(lines);
  expect(shown.taxablePaise).toBe(totals.taxablePaise);
  expect(shown.heads).toEqual(
    supply === 'inter'
      ? { IGST: totals.integratedPaise }
      : { CGST: totals.centralPaise, SGST: totals.statePaise },
  );
  expect(shown.totalPaise).toBe(totals.taxablePaise + totals.taxPaise);
  return { ...totals, totalPaise: shown.totalPaise, rateBp: shown.lines[0]!.rateBp };
}

/** A downloaded file's text as poppler's pdftotext reads it, after checking it is a PDF. */
async function pdfText(download: Download): Promise<string> {
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/**
 * At checkout: the billing details are the account's (its GSTIN and state), shipped to the
 * billing address, and the summary names the place of supply and its heads; then the order is
 * made. Answers the order's id from the payment page's address.
 */
async function checkOut(
  page: Page,
  billing: { gstin: string | RegExp; state: string; placeOfSupply: string },
  recipient: [string, string],
) {
  await page.goto(href.checkout());
  await expect(page.getByLabel('GSTIN')).toHaveValue(billing.gstin);
  await expect(page.getByLabel('Billing State')).toHaveValue(billing.state);
  await expect(page.getByRole('radio', { name: 'Ship to my billing address' })).toBeChecked();
  await expect(page.getByTestId('place-of-supply')).toHaveText(billing.placeOfSupply);
  await page.getByLabel('First Name').fill(recipient[0]);
  await page.getByLabel('Last Name').fill(recipient[1]);
  await page.getByLabel('Phone Number').fill('9845012345');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f]{24}$/);
  await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeVisible();
  return page.url().split('/').pop()!;
}

/** The buyer's order page after payment: its tax invoice's number, and the page's GST. */
async function invoicedOrder(page: Page, id: string) {
  await page.goto(href.orderDetail(id));
  const invoice = page.getByTestId('tax-document').filter({ hasText: 'Tax invoice' });
  const button = invoice.getByRole('button', { name: /^Download tax invoice / });
  const number = /invoice (\S+) \(PDF\)/.exec((await button.getAttribute('aria-label')) ?? '')?.[1];
  expect(number).toMatch(/^INV\/\d{4}\/\d{5}$/);
  const heading = await page.getByRole('heading', { name: /^Order MKP-/ }).textContent();
  return { number: number!, mkpOrderId: heading!.replace('Order ', ''), invoice };
}

/** The order as the console's API answers it, with the page's staff session. */
async function deskOrder(page: Page, mkpOrderId: string): Promise<DeskOrderDetail> {
  const response = await page.request.get(`/api/staff/orders/${mkpOrderId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as DeskOrderDetail;
}

/** The parts of GSTR-1's JSON (the offline tool's upload file) this journey reads. */
interface Gstr1Item {
  itm_det: { txval: number; rt: number; iamt: number; camt?: number; samt?: number };
}
interface Gstr1 {
  gstin: string;
  fp: string;
  b2b?: { ctin: string; inv: { inum: string; val: number; pos: string; itms: Gstr1Item[] }[] }[];
  cdnr?: {
    ctin: string;
    nt: { ntty: string; nt_num: string; val: number; pos: string; itms: Gstr1Item[] }[];
  }[];
}

/** An entry's items summed per head, in paise (the return writes rupees, per rate). */
function itemSums(items: Gstr1Item[]) {
  const paise = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);
  return {
    taxablePaise: items.reduce((sum, { itm_det }) => sum + paise(itm_det.txval), 0),
    igstPaise: items.reduce((sum, { itm_det }) => sum + paise(itm_det.iamt), 0),
    cgstPaise: items.reduce((sum, { itm_det }) => sum + paise(itm_det.camt), 0),
    sgstPaise: items.reduce((sum, { itm_det }) => sum + paise(itm_det.samt), 0),
  };
}

test('GST from checkout to GSTR-1: IGST across states, CGST + SGST within one, a credit note', async ({
  page,
  login,
  navigate,
  outbox,
}) => {
  test.setTimeout(300_000);
  const { product, choices } = await findTieredProductWithOptions(page.request);
  const buyerGstin = karnatakaGstin();
  const karnataka = { email: `kavya.${Date.now()}@example.com`, password: 'Rao#Supplies2026' };

  const inter = await test.step('a buyer in Karnataka pays and sees IGST', async () => {
    const signup = await page.request.post('/api/user/signup', {
      data: {
        full_name: 'Kavya Rao',
        company_name: 'Rao Industrial Supplies',
        business_street: '14 Residency Road',
        business_city: 'Bengaluru',
        business_state: 'Karnataka',
        business_country: 'India',
        pincode: '560025',
        phone_number: '9845012345',
        email: karnataka.email,
        gst_number: buyerGstin,
        password: karnataka.password,
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    await expect.poll(() => outbox.latestTo(karnataka.email)).toBeTruthy();
    const link = /https?:\/\/[^\s"<>]+(\/verify-email\/[A-Za-z0-9_-]+)/.exec(
      outbox.latestTo(karnataka.email)!,
    );
    await navigate(link![1]!);
    await expect(page.getByRole('heading', { name: 'Verification Successful' })).toBeVisible();

    const session = await login(karnataka);
    await addToCartThroughApi(page.request, session.access_token, product, choices[0].variant, 3);

    // The billing details are the account's: its Karnataka GSTIN makes the supply inter-state.
    const id = await checkOut(
      page,
      { gstin: buyerGstin, state: 'Karnataka', placeOfSupply: KARNATAKA_IGST },
      ['Kavya', 'Rao'],
    );
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByTestId('place-of-supply')).toHaveText(KARNATAKA_IGST);
    const shown = expectTheRule(await shownTax(summary, 'payment-total'), 'inter');
    await payOnGateway(page);
    await expect(page.getByText('Payment status:')).toContainText('Paid');

    // The order page shows the same figures, and the invoice to download.
    const order = await invoicedOrder(page, id);
    await expect(page.getByTestId('billing-details')).toContainText(`GSTIN: ${buyerGstin}`);
    await expect(page.getByTestId('place-of-supply')).toHaveText(KARNATAKA_IGST);
    expect(expectTheRule(await shownTax(page.locator('main'), 'order-total'), 'inter')).toEqual(
      shown,
    );
    await expect(order.invoice).toContainText(formatRupees(shown.totalPaise));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download tax invoice ${order.number} (PDF)` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${order.number.replaceAll('/', '-')}.pdf`);
    const text = await pdfText(download);
    for (const particular of [
      `Invoice No. ${order.number}`,
      `Order No. ${order.mkpOrderId}`,
      `GSTIN: ${SELLER_GSTIN}`,
      `GSTIN: ${buyerGstin}`,
      'Place of Supply Karnataka (29)',
      `Taxable value ${formatRupees(shown.taxablePaise)}`,
      `IGST ${formatRupees(shown.integratedPaise)}`,
      `Invoice total ${formatRupees(shown.totalPaise)}`,
    ])
      expect(text).toContain(particular);
    expect(text).not.toContain('CGST ₹');
    return { id, ...order, ...shown };
  });

  const intra =
    await test.step('the demo buyer in Maharashtra pays and sees CGST + SGST', async () => {
      const session = await login(DEMO_BUYER);
      await emptyCart(page.request, session.access_token);
      // Two lines, each rounded on its own; the heads are their sums (a line's odd paisa to CGST).
      await addToCartThroughApi(page.request, session.access_token, product, choices[0].variant, 2);
      await addToCartThroughApi(page.request, session.access_token, product, choices[1].variant, 3);
      const id = await checkOut(
        page,
        { gstin: /^27[0-9A-Z]{13}$/, state: 'Maharashtra', placeOfSupply: MAHARASHTRA_SPLIT },
        ['Asha', 'Mehta'],
      );
      const summary = page.getByRole('region', { name: 'Order Summary' });
      const shown = expectTheRule(await shownTax(summary, 'payment-total'), 'intra');
      expect(shown.taxablePaise).toBeGreaterThan(0);
      await payOnGateway(page);
      await expect(page.getByText('Payment status:')).toContainText('Paid');

      const order = await invoicedOrder(page, id);
      await expect(page.getByTestId('place-of-supply')).toHaveText(MAHARASHTRA_SPLIT);
      expect(expectTheRule(await shownTax(page.locator('main'), 'order-total'), 'intra')).toEqual(
        shown,
      );
      const gstin = /GSTIN: (\S{15})/.exec(
        (await page.getByTestId('billing-details').textContent()) ?? '',
      )?.[1];
      expect(gstin).toMatch(/^27/);
      return { id, ...order, ...shown, gstin: gstin! };
    });

  const note = await test.step('a refund of one unit produces a credit note', async () => {
    await enrolMember(page, `finance-${Date.now()}@shop.example`, 'finance', 'Meena Iyer');
    await page.goto(`/admin/orders/${inter.mkpOrderId}`);
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund' });
    await dialog.getByRole('radio', { name: 'Line' }).check();
    const line = dialog.locator('label', { hasText: '3 of 3 left to refund' });
    const unitPaise = paiseOf(await line.textContent());
    await dialog.getByRole('spinbutton').fill('1');
    await dialog.getByLabel('Reason').fill('One carton arrived damaged');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog).toBeHidden();

    // The credit note follows the gateway's refund: the unit's price, taxed by the same rule.
    const documents = page.getByRole('table', { name: 'Tax invoice and credit notes' });
    const noteLink = documents.getByRole('link', { name: /^Download credit note / });
    await expect(async () => {
      await page.reload();
      await expect(noteLink).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    const number = /credit note (\S+) \(PDF\)/.exec(
      (await noteLink.getAttribute('aria-label')) ?? '',
    )?.[1];
    expect(number).toMatch(/^CN\/\d{4}\/\d{5}$/);
    await expect(documents.getByRole('row').filter({ hasText: number! })).toContainText(
      formatRupees(unitPaise),
    );
    const credit = lineTax(unitPaise, inter.rateBp, 'inter');

    const downloading = page.waitForEvent('download');
    await noteLink.click();
    const text = await pdfText(await downloading);
    for (const particular of [
      `Credit Note No. ${number}`,
      `Against Invoice No. ${inter.number}`,
      `GSTIN: ${SELLER_GSTIN}`,
      `GSTIN: ${buyerGstin}`,
      'Place of Supply Karnataka (29)',
      'Reason One carton arrived damaged',
      `Taxable value ${formatRupees(credit.taxablePaise)}`,
      `IGST ${formatRupees(credit.integratedPaise)}`,
      `Credit note total ${formatRupees(unitPaise)}`,
    ])
      expect(text).toContain(particular);

    // Emailed to the buyer with its PDF attached.
    await expect
      .poll(() =>
        outbox
          .all()
          .some(
            (eml) =>
              eml.includes(`To: ${karnataka.email}`) &&
              eml.includes(`Subject: Credit note ${number} for order ${inter.mkpOrderId}`) &&
              eml.includes(`attachment; filename=${number!.replaceAll('/', '-')}.pdf`),
          ),
      )
      .toBe(true);
    return { number: number!, totalPaise: unitPaise, ...credit };
  });

  await test.step('the buyer finds the credit note on the order page', async () => {
    await login(karnataka);
    await navigate(href.orderDetail(inter.id));
    await expect(
      page.getByTestId('tax-document').filter({ hasText: `Credit note ${note.number}` }),
    ).toContainText(`Credit of ${formatRupees(note.totalPaise)}`);
  });

  await test.step("the month's GSTR-1 has both invoices and the credit note", async () => {
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Tax documents & returns' })
      .click();
    await expect(page.getByRole('heading', { name: 'Tax documents & returns' })).toBeVisible();

    // Each document in the month it was issued (an India date), as the console's API answers.
    const issued = [
      ...(await deskOrder(page, inter.mkpOrderId)).documents,
      ...(await deskOrder(page, intra.mkpOrderId)).documents,
    ];
    expect(issued.map((document) => document.number).sort()).toEqual(
      [inter.number, intra.number, note.number].sort(),
    );
    const monthOf = (number: string) =>
      issued.find((document) => document.number === number)!.issueDate.slice(0, 7);
    const listed = [
      {
        ...inter,
        kind: 'Tax invoice',
        gstin: buyerGstin,
        place: '29 Karnataka',
        heads: { IGST: inter.integratedPaise },
      },
      {
        ...intra,
        kind: 'Tax invoice',
        place: '27 Maharashtra',
        heads: { CGST: intra.centralPaise, SGST: intra.statePaise },
      },
      {
        ...note,
        kind: `Credit note of ${inter.number}`,
        gstin: buyerGstin,
        place: '29 Karnataka',
        heads: { IGST: note.integratedPaise },
      },
    ];

    // The month's page lists each document with the pages' figures; its GSTR-1 JSON downloads.
    const returns = new Map<string, Gstr1>();
    for (const month of new Set(issued.map((document) => monthOf(document.number)))) {
      await page.goto(`/admin/tax-documents?month=${month}`);
      const table = page.getByRole('table', { name: /^Tax documents of / });
      for (const document of listed.filter(({ number }) => monthOf(number) === month)) {
        const row = table
          .getByRole('row')
          .filter({ has: page.getByText(document.number, { exact: true }) });
        await expect(row).toContainText(document.kind);
        await expect(row).toContainText(document.gstin);
        await expect(row).toContainText(`Place of supply ${document.place}`);
        await expect(row).toContainText(formatRupees(document.taxablePaise));
        for (const [head, paise] of Object.entries(document.heads))
          await expect(row).toContainText(`${head}${formatRupees(paise)}`);
      }
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'GSTR-1 JSON' }).click();
      const download = await downloading;
      const period = `${month.slice(5, 7)}${month.slice(0, 4)}`;
      expect(download.suggestedFilename()).toBe(`GSTR1_${SELLER_GSTIN}_${period}.json`);
      const gstr1 = JSON.parse(readFileSync(await download.path(), 'utf8')) as Gstr1;
      expect(gstr1).toMatchObject({ gstin: SELLER_GSTIN, fp: period });
      returns.set(month, gstr1);
    }
    const b2b = (ctin: string, number: string) =>
      returns
        .get(monthOf(number))
        ?.b2b?.find((entry) => entry.ctin === ctin)
        ?.inv.find((invoice) => invoice.inum === number);

    // Karnataka: inter-state, IGST only, as the pages showed.
    const igstInvoice = b2b(buyerGstin, inter.number);
    expect(igstInvoice).toMatchObject({ pos: '29', val: inter.totalPaise / 100 });
    expect(itemSums(igstInvoice!.itms)).toEqual({
      taxablePaise: inter.taxablePaise,
      igstPaise: inter.integratedPaise,
      cgstPaise: 0,
      sgstPaise: 0,
    });

    // Maharashtra: intra-state, CGST and SGST.
    const splitInvoice = b2b(intra.gstin, intra.number);
    expect(splitInvoice).toMatchObject({ pos: '27', val: intra.totalPaise / 100 });
    expect(itemSums(splitInvoice!.itms)).toEqual({
      taxablePaise: intra.taxablePaise,
      igstPaise: 0,
      cgstPaise: intra.centralPaise,
      sgstPaise: intra.statePaise,
    });

    // The credit note, a note to the Karnataka registration.
    const cdnr = returns
      .get(monthOf(note.number))
      ?.cdnr?.find((entry) => entry.ctin === buyerGstin)
      ?.nt.find((entry) => entry.nt_num === note.number);
    expect(cdnr).toMatchObject({ ntty: 'C', pos: '29', val: note.totalPaise / 100 });
    expect(itemSums(cdnr!.itms)).toEqual({
      taxablePaise: note.taxablePaise,
      igstPaise: note.integratedPaise,
      cgstPaise: 0,
      sgstPaise: 0,
    });
  });
});
