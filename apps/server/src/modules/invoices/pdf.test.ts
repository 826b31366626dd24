/**
 * The tax document's PDF (issue 21, decision 054), read back as a person's tools read it:
 * poppler's pdftotext (every Rule 46 particular and every figure, in the order a row prints
 * them), pdfinfo (A4, the page count, the creation date), pdffonts (the font embedded) and a
 * QR reader on pdftoppm's image (the e-invoice's signed QR).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import * as fontkit from 'fontkit';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { amountInWords } from '@storefront/shared/amount-in-words';
import { isValidGstin } from '@storefront/shared/gstin';
import type { TaxDocument, TaxDocumentLine } from '@storefront/shared/tax-document';
import {
  eInvoiceRegistrationFixture,
  fixtureLines,
  gstinFor,
  recipientParty,
  taxDocumentFixture,
} from '../../test/tax-document-fixtures.js';
import { staticImportOf } from '../../test/server-bundle.js';
import { renderTaxDocumentPdf } from './pdf.js';

const scratch = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let written = 0;
function save(pdf: Buffer): string {
  const file = join(scratch, `document-${++written}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/** The text in content order, whitespace runs made single spaces (wrapped lines join up). */
function text(pdf: Buffer, page?: number): string {
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', ['-raw', ...pages, save(pdf), '-'], { encoding: 'utf8' })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The QR code at the top right of the first page (the e-invoice's box), as a reader decodes it
 * from a 200 dpi scan (poppler's pdftoppm, then jsQR), or null when there is none.
 */
async function scannedQr(pdf: Buffer): Promise<string | null> {
  const image = join(scratch, `scan-${++written}`);
  // The page's right half, its top 250 points (A4 is 595 × 842): a whole page takes seconds.
  const crop = ['-x', '827', '-y', '0', '-W', '827', '-H', '694'];
  execFileSync('pdftoppm', ['-png', '-r', '200', ...crop, '-singlefile', save(pdf), image]);
  const { data, info } = await sharp(`${image}.png`)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  return jsQR(pixels, info.width, info.height)?.data ?? null;
}

function info(pdf: Buffer): Record<string, string> {
  const out = execFileSync('pdfinfo', ['-isodates', save(pdf)], { encoding: 'utf8' });
  return Object.fromEntries(
    out
      .split('\n')
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
  );
}

/** 1,23,456.78 */
function figure(paise: number): string {
  const rupees = String(Math.floor(paise / 100));
  const last = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${rest ? `${rest},` : ''}${last}.${String(paise % 100).padStart(2, '0')}`;
}

function rate(bp: number): string {
  return `${bp / 100}%`;
}

/** A table row as pdftotext reads it: every cell, left to right, each figure under its head. */
function row(document: TaxDocument, line: TaxDocumentLine): string {
  const heads =
    document.supplyType === 'inter'
      ? `${figure(line.igstPaise)} @ ${rate(line.rateBp)}`
      : `${figure(line.cgstPaise)} @ ${rate(line.rateBp / 2)} ${figure(line.sgstPaise)} @ ${rate(line.rateBp / 2)}`;
  return [
    line.serial,
    line.description,
    `SKU: ${line.sku}`,
    line.hsn,
    line.quantity,
    line.unit,
    figure(line.unitPricePaise),
    figure(line.taxablePaise),
    rate(line.rateBp),
    heads,
    figure(line.grossPaise),
  ].join(' ');
}

/** Every particular of Rule 46 and every figure of the document. */
function expectRule46(document: TaxDocument, printed: string): void {
  const { supplier, recipient, totals } = document;
  // (a) the supplier's name, address and GSTIN; (d) the recipient's.
  for (const party of [supplier, recipient]) {
    expect(printed).toContain(party.legalName);
    for (const line of party.address.lines) expect(printed).toContain(line);
    expect(printed).toContain(`${party.address.city} - ${party.address.postalCode}`);
    // (e), (f): the state's name and code.
    expect(printed).toContain(
      `State: ${party.address.stateName}, State code: ${party.address.stateCode}`,
    );
    expect(printed).toContain(`GSTIN: ${party.gstin}`);
  }
  expect(printed).toContain(`Trade name: ${supplier.tradeName}`);
  const label = document.kind === 'invoice' ? 'Invoice' : 'Credit Note';
  // (b) the number, (c) the date.
  expect(printed).toContain(`${label} No. ${document.number}`);
  expect(printed).toContain(`${label} Date 26 Nov 2026`);
  expect(printed).toContain(`Order No. ${document.orderNumber} Order Date 26 Nov 2026`);
  // (n) the place of supply with its state's name and code; (p) reverse charge.
  expect(printed).toContain(
    `Place of Supply ${document.placeOfSupply.name} (${document.placeOfSupply.code})`,
  );
  expect(printed).toContain('Reverse Charge No');
  // (g)–(m): each line's HSN, description, quantity and unit, value, taxable value, rates and
  // taxes per head, in its row.
  for (const line of document.lines) expect(printed).toContain(row(document, line));
  // The totals, per head and in all, in the table, the summary and in words.
  const heads =
    document.supplyType === 'inter'
      ? [['IGST', totals.igstPaise]]
      : [
          ['CGST', totals.cgstPaise],
          [document.supplyType === 'intra-ut' ? 'UTGST' : 'SGST', totals.sgstPaise],
        ];
  expect(printed).toContain(
    `Total ${figure(totals.taxablePaise)} ${heads.map(([, paise]) => figure(paise as number)).join(' ')} ${figure(totals.totalPaise)}`,
  );
  expect(printed).toContain(`Taxable value ₹${figure(totals.taxablePaise)}`);
  for (const [head, paise] of heads)
    expect(printed).toContain(`${head} ₹${figure(paise as number)}`);
  expect(printed).toContain(
    `${document.kind === 'invoice' ? 'Invoice' : 'Credit note'} total ₹${figure(totals.totalPaise)}`,
  );
  expect(printed).toContain(`AMOUNT IN WORDS ${document.amountInWords}`);
  // (q) the signatory.
  expect(printed).toContain(`For ${supplier.legalName}`);
  expect(printed).toContain(`${document.signatory}, Authorised Signatory`);
}

describe('the tax document as PDF', () => {
  it('prints every Rule 46 particular of an inter-state invoice, with IGST', async () => {
    const document = taxDocumentFixture();
    expect(document.supplyType).toBe('inter');
    const pdf = await renderTaxDocumentPdf(document, null);
    const printed = text(pdf);
    expect(printed.startsWith('TAX INVOICE Original for Recipient')).toBe(true);
    expectRule46(document, printed);
    expect(printed).toContain('Place of Supply Karnataka (29)');
    expect(printed).toContain('IGST (₹)');
    expect(printed).not.toContain('CGST');
    expect(printed).not.toContain('SGST');
    expect(printed).toContain('Shipped to'.toUpperCase() + ' Same as the billing address');
    // ₹37,218.50 = 17,238.50 + 13,176.00 + 6,804.00; in words as stored.
    expect(printed).toContain('Invoice total ₹37,218.50');
    expect(printed).toContain(
      'Rupees Thirty-Seven Thousand Two Hundred and Eighteen and Fifty Paise Only',
    );
    const meta = info(pdf);
    expect(meta['Page size']).toContain('(A4)');
    expect(meta.Pages).toBe('1');
    expect(meta.Title).toBe('Tax Invoice INV/2627/00042');
  });

  it('splits the tax of an intra-state invoice into CGST and SGST, and prints the ship-to', async () => {
    const document = taxDocumentFixture({ recipientStateCode: '27', shipToStateCode: '24' });
    expect(document.supplyType).toBe('intra');
    const printed = text(await renderTaxDocumentPdf(document, null));
    expectRule46(document, printed);
    expect(printed).toContain('Place of Supply Maharashtra (27)');
    expect(printed).not.toContain('IGST');
    expect(printed).not.toContain('UTGST');
    // The odd paisa of a line's tax goes to CGST: 2,629.60 at 18% is 1,314.80 each, 627.43 at 5%
    // is 313.72 + 313.71.
    expect(printed).toContain('627.43');
    expect(printed).toContain('313.72 @ 2.5% 313.71 @ 2.5%');
    // (o) the delivery address, different from the recipient's.
    const shipTo = document.shipTo!;
    expect(printed).toContain(
      `SHIPPED TO ${shipTo.legalName} ${shipTo.address.lines.join(' ')} ${shipTo.address.city} - ${shipTo.address.postalCode} State: Gujarat, State code: 24`,
    );
  });

  it('prints UTGST in place of SGST in a union territory without a legislature', async () => {
    const document = taxDocumentFixture({ supplierStateCode: '04', recipientStateCode: '04' });
    expect(document.supplyType).toBe('intra-ut');
    const printed = text(await renderTaxDocumentPdf(document, null));
    expectRule46(document, printed);
    expect(printed).toContain('Place of Supply Chandigarh (04)');
    expect(printed).toContain('CGST (₹) UTGST (₹)');
    expect(printed).not.toContain('SGST');
    expect(printed).not.toContain('IGST');
  });

  it('names a credit note, its invoice and its reason', async () => {
    const document = taxDocumentFixture({
      kind: 'credit_note',
      number: 'CN/2627/00007',
      lines: fixtureLines(2),
      original: { number: 'INV/2627/00042', issueDate: '2026-11-20' },
      reason: 'Two cartons returned damaged in transit',
    });
    const pdf = await renderTaxDocumentPdf(document, null);
    const printed = text(pdf);
    expect(printed.startsWith('CREDIT NOTE Original for Recipient')).toBe(true);
    expect(printed).toContain('Issued under Section 34 of the CGST Act, 2017');
    expectRule46(document, printed);
    expect(printed).toContain('Against Invoice No. INV/2627/00042 Invoice Date 20 Nov 2026');
    expect(printed).toContain('Reason Two cartons returned damaged in transit');
    expect(printed).toContain('Credit note total ₹30,414.50');
    expect(printed).toContain(
      'This credit note reduces the taxable value and tax of invoice INV/2627/00042 by the amounts above',
    );
    expect(printed).toContain('Credit Note CN/2627/00007 Page 1 of 1');
    expect(info(pdf).Title).toBe('Credit Note CN/2627/00007');
  });

  it('runs 60 lines over several pages, the header row on each, every page numbered', async () => {
    const document = taxDocumentFixture({ recipientStateCode: '27', lines: fixtureLines(60) });
    const pdf = await renderTaxDocumentPdf(document, null);
    const pages = Number(info(pdf).Pages);
    expect(pages).toBeGreaterThanOrEqual(3);
    expectRule46(document, text(pdf));
    const seen = new Set<number>();
    for (let page = 1; page <= pages; page++) {
      const printed = text(pdf, page);
      expect(printed).toContain(`Tax Invoice INV/2627/00042 Page ${page} of ${pages}`);
      if (page > 1) expect(printed).toContain('Tax Invoice INV/2627/00042 (continued)');
      const rows = document.lines.filter((line) => printed.includes(row(document, line)));
      // Each line whole on one page (a row never splits), under the repeated header row.
      if (rows.length > 0)
        expect(printed).toContain(
          '# Description of goods HSN Qty Unit price incl. GST (₹) Taxable value (₹) GST rate CGST (₹) SGST (₹) Total (₹)',
        );
      for (const line of rows) seen.add(line.serial);
    }
    expect(seen.size).toBe(60);
    // The totals, words and signatory come once, after the last line.
    const last = text(pdf, pages);
    expect(last).toContain(`Invoice total ₹${figure(document.totals.totalPaise)}`);
    expect(last).toContain(`${document.signatory}, Authorised Signatory`);
  });

  it("prints an e-invoice's IRN, acknowledgement and signed QR code", async () => {
    const document = taxDocumentFixture();
    const registration = eInvoiceRegistrationFixture();
    const pdf = await renderTaxDocumentPdf(document, registration);
    const printed = text(pdf);
    expect(printed).toContain(`IRN ${registration.irn}`);
    expect(printed).toContain(`Ack No. ${registration.ackNumber}`);
    expect(printed).toContain(`Ack Date ${registration.ackDate}`);
    expectRule46(document, printed);
    // The QR code scans back to the signed QR the portal returned, character for character.
    expect(await scannedQr(pdf)).toBe(registration.signedQr);
    const plain = await renderTaxDocumentPdf(document, null);
    expect(text(plain)).not.toContain('IRN');
    expect(await scannedQr(plain)).toBeNull();
  });

  it('prints an unregistered recipient as such, and a figure of crores whole', async () => {
    const document = taxDocumentFixture({
      recipient: { gstin: null },
      lines: [{ unitPricePaise: 2_50_00_000_00, quantity: 40, rateBp: 1800 }],
    });
    const printed = text(await renderTaxDocumentPdf(document, null));
    expect(printed).toContain('GSTIN: Unregistered');
    // ₹100 crore in one line: the figures shrink to fit their columns rather than wrap.
    expect(printed).toContain('Total 84,74,57,627.12 15,25,42,372.88 1,00,00,00,000.00');
    expect(printed).toContain('Rupees One Hundred Crore Only');
  });

  it('prints the signatory line alone when the settings name no signatory', async () => {
    const printed = text(await renderTaxDocumentPdf(taxDocumentFixture({ signatory: '' }), null));
    expect(printed).toContain('For Sahyadri Trading Company Private Limited Authorised Signatory');
    expect(printed).not.toContain(', Authorised Signatory');
  });

  it('gives the same bytes for the same document, dated by its issue date', async () => {
    const document = taxDocumentFixture({ lines: fixtureLines(12) });
    const registration = eInvoiceRegistrationFixture();
    const first = await renderTaxDocumentPdf(document, registration);
    // Another document in between: nothing kept from one render changes the next.
    await renderTaxDocumentPdf(taxDocumentFixture({ recipientStateCode: '27' }), null);
    const again = await renderTaxDocumentPdf(structuredClone(document), registration);
    expect(again.equals(first)).toBe(true);
    // India midnight of the issue date, 26 Nov 2026, is 18:30 UTC the day before.
    expect(info(first).CreationDate).toBe('2026-11-25T18:30:00Z');
    const other = await renderTaxDocumentPdf(
      { ...document, issueDate: '2026-11-27' },
      registration,
    );
    expect(other.equals(first)).toBe(false);
  });

  it('embeds the font, which has the rupee sign', async () => {
    const pdf = await renderTaxDocumentPdf(taxDocumentFixture(), null);
    const fonts = execFileSync('pdffonts', [save(pdf)], { encoding: 'utf8' });
    expect(fonts).toMatch(/\+DejaVuSansCondensed\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(fonts).toMatch(/\+DejaVuSansCondensed-Bold\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    for (const file of ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf']) {
      const font = fontkit.create(readFileSync(new URL(`./pdf-fonts/${file}`, import.meta.url)));
      expect('hasGlyphForCodePoint' in font && font.hasGlyphForCodePoint(0x20b9)).toBe(true);
    }
  });

  it("is in the server's bundle without PDFKit, fontkit, the QR encoder or sharp loaded at start", () => {
    // Each is imported where first used (~9 MB of the heap for the PDF's, libvips for sharp): a
    // static import anywhere in the bundle would load it with the server.
    const bundle = readFileSync(inject('serverBundle'), 'utf8');
    // What the server does import statically is seen as such.
    expect(bundle).toMatch(staticImportOf('pg'));
    for (const name of ['pdfkit', 'fontkit', 'qrcode', 'sharp']) {
      expect(bundle).not.toMatch(staticImportOf(name));
      expect(bundle).toContain(`import("${name}")`);
    }
  });

  it('renders from a bundle beside main.mjs, with the fonts build.mjs copied there', async () => {
    const folder = dirname(inject('serverBundle'));
    const outfile = join(folder, 'invoice-pdf-check.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./pdf.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      external: ['pdfkit', 'fontkit', 'qrcode'],
      logLevel: 'warning',
    });
    const bundled = (await import(pathToFileURL(outfile).href)) as {
      renderTaxDocumentPdf: typeof renderTaxDocumentPdf;
    };
    const document = taxDocumentFixture();
    const pdf = await bundled.renderTaxDocumentPdf(document, null);
    expect(pdf.equals(await renderTaxDocumentPdf(document, null))).toBe(true);
  });
});

describe('the fixtures', () => {
  it('make documents whose figures add up', () => {
    for (const document of [
      taxDocumentFixture(),
      taxDocumentFixture({ recipientStateCode: '27', lines: fixtureLines(23) }),
      taxDocumentFixture({
        kind: 'credit_note',
        supplierStateCode: '04',
        recipientStateCode: '04',
      }),
    ]) {
      const { totals } = document;
      for (const line of document.lines)
        expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(
          line.grossPaise,
        );
      expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(
        totals.totalPaise,
      );
      expect(document.amountInWords).toBe(amountInWords(totals.totalPaise));
    }
    expect(recipientParty('29').gstin).toBe(gstinFor('29', 'AAQFK7315R'));
    for (const state of ['27', '29', '04', '07', '24', '33', '38'])
      expect(isValidGstin(gstinFor(state))).toBe(true);
  });
});
