/**
 * A stored tax invoice or credit note as a PDF (issue 21, decision 054): a pure function of the
 * TaxDocument (decision 052) and its e-invoice registration, so the same document gives the same
 * bytes every time (the creation date is the issue date; PDFKit's file id is a hash of the
 * document's info, so nothing random or clock-bound is left).
 *
 * A4 portrait, DejaVu Sans Condensed (it has ₹ and wide Latin coverage; committed beside this
 * file with its licence, copied next to the server's bundle by build.mjs). The layout is the
 * one Indian GST invoices share: title, supplier and document particulars, recipient and
 * ship-to, a table of lines with the tax heads of the supply type (CGST + SGST, CGST + UTGST or
 * IGST), totals per head, the amount in words, the HSN-wise summary, and the signatory. Every
 * particular of Rule 46 of the CGST Rules is printed; a credit note (CGST Act §34) names its
 * invoice and reason. The table runs onto as many pages as it needs, its header row repeated,
 * every page numbered "Page n of N".
 */
import { readFileSync } from 'node:fs';
import type * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';
import type QRCode from 'qrcode';
import { formatRate, taxHeads } from '@storefront/shared/gst';
import { groupIndian } from '@storefront/shared/money';
import type {
  EInvoiceRegistration,
  TaxAddress,
  TaxDocument,
  TaxDocumentLine,
  TaxParty,
} from '@storefront/shared/tax-document';

// ── Fonts ───────────────────────────────────────────────────────────────────

/** Beside this file in src/, beside main.mjs in a bundle (build.mjs copies the folder). */
const FONT_FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;

type Shaped = ReturnType<fontkit.Font['layout']>;

/** Shaped words kept across documents; past this many the cache starts again. */
const SHAPED_MAX = 20_000;

/**
 * A fontkit font whose shaping (`layout`) is remembered across documents. PDFKit lays out text a
 * word at a time and caches that per document only, and shaping a word with DejaVu's layout
 * tables is most of a render's time; the figures and names of invoices repeat from one to the
 * next. PDFKit scales a run's positions in place, so each answer gets its own copy of them
 * (the glyphs are fontkit's own shared objects, which PDFKit only reads).
 */
function withSharedShaping(font: fontkit.Font): fontkit.Font {
  const shaped = new Map<string, Shaped>();
  const layout = (text: string, ...rest: unknown[]): Shaped => {
    if (rest.some((arg) => arg !== undefined))
      return (font.layout as (...args: unknown[]) => Shaped)(text, ...rest);
    let run = shaped.get(text);
    if (!run) {
      if (shaped.size >= SHAPED_MAX) shaped.clear();
      run = font.layout(text);
      shaped.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    } as unknown as Shaped;
  };
  return new Proxy(font, {
    get: (target, property) =>
      property === 'layout' ? layout : (Reflect.get(target, property, target) as unknown),
  });
}

/** What a render draws with: the libraries, and the two fonts parsed by fontkit. */
interface PdfKit {
  PDFDocument: typeof PDFDocument;
  QRCode: typeof QRCode;
  fonts: Record<FontName, fontkit.Font>;
  /** Their PostScript names (fontkit reads a name from the font's table at every ask). */
  names: Record<FontName, string>;
}

let kitLoading: Promise<PdfKit> | undefined;

/**
 * PDFKit, fontkit and the QR encoder (6.8 MB of an idle server's live heap, before any font is
 * parsed) are imported on the first render, not at start, as sharp is (load-sharp.ts): most of
 * a server's life makes no PDF. The fonts are parsed once and shared
 * by every document: PDFKit takes a fontkit font as a font source, and a font parsed per
 * document cost several times the rest of a render (its layout tables decoded again each time).
 */
function loadKit(): Promise<PdfKit> {
  kitLoading ??= Promise.all([import('pdfkit'), import('fontkit'), import('qrcode')]).then(
    ([pdfkit, fontkitModule, qrcode]) => {
      const open = (file: string): fontkit.Font => {
        const font = fontkitModule.create(
          readFileSync(new URL(`./pdf-fonts/${file}`, import.meta.url)),
        );
        if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
        return withSharedShaping(font);
      };
      const regular = open(FONT_FILES.regular);
      const bold = open(FONT_FILES.bold);
      return {
        PDFDocument: pdfkit.default,
        QRCode: qrcode.default,
        fonts: { regular, bold },
        names: { regular: regular.postscriptName, bold: bold.postscriptName },
      };
    },
    (error: unknown) => {
      kitLoading = undefined; // a later render tries again
      throw error;
    },
  );
  return kitLoading;
}

// ── Page geometry and style ─────────────────────────────────────────────────

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { x: 32, top: 30, bottom: 40 };
const LEFT = MARGIN.x;
const RIGHT = PAGE.width - MARGIN.x;
const WIDTH = RIGHT - LEFT;
/** Content stops here; the page footer sits below. */
const BOTTOM = PAGE.height - MARGIN.bottom;

const INK = '#111111';
const MUTED = '#555555';
const RULE = '#9aa3ad';
const FILL = '#e8ecf1';
const ACCENT = '#1f3a5f';

const SIZE = { title: 15, name: 9.5, body: 8, table: 7.5, small: 6.5 };
const PAD = 5;

/** A document being drawn, with the kit its render loaded (fonts by name, the QR encoder). */
type Doc = PDFKit.PDFDocument & { readonly kit: PdfKit };

// ── Formatting ──────────────────────────────────────────────────────────────

/** 1,23,456.78: the table's figures (its header says ₹). */
function amount(paise: number): string {
  return `${groupIndian(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;
}

function rupees(paise: number): string {
  return `₹${amount(paise)}`;
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** '2026-11-26' → '26 Nov 2026': no reader takes it for 11 June. */
function formatDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

function title(document: TaxDocument): string {
  return document.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note';
}

// ── Text helpers ────────────────────────────────────────────────────────────

interface Style {
  font?: FontName;
  size?: number;
  color?: string;
}

/**
 * Fonts are chosen by their PostScript names, under which PDFKit keeps a font it has opened:
 * a registered name that resolves to the document's default font is opened afresh (and
 * compared with the default) on every call, which cost a fifth of a render.
 */
function style(doc: Doc, { font = 'regular', size = SIZE.body, color = INK }: Style): void {
  doc.font(doc.kit.names[font]).fontSize(size).fillColor(color);
}

/**
 * One line of text in a box `width` wide, aligned, shrunk to fit when it would overflow (a
 * ten-crore figure in a narrow column stays one line and whole).
 */
function fitText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' | 'center',
  textStyle: Style = {},
): void {
  style(doc, textStyle);
  const size = textStyle.size ?? SIZE.body;
  const natural = doc.widthOfString(text);
  const fitted = natural > width ? Math.max(4, (size * width) / natural) : size;
  doc.fontSize(fitted);
  const used = (natural * fitted) / size;
  const left = align === 'left' ? x : align === 'right' ? x + width - used : x + (width - used) / 2;
  doc.text(text, left, y + (size - fitted) * 0.8, { lineBreak: false });
}

/** Wrapped text; returns its height (where PDFKit left its cursor: no second layout). */
function wrapText(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  textStyle: Style = {},
): number {
  style(doc, textStyle);
  doc.text(text, x, y, { width, lineGap: 0.5 });
  return doc.y - y;
}

function measureWrapped(doc: Doc, text: string, width: number, textStyle: Style = {}): number {
  style(doc, textStyle);
  return doc.heightOfString(text, { width, lineGap: 0.5 });
}

function hline(doc: Doc, x1: number, x2: number, y: number, color = RULE): void {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).strokeColor(color).stroke();
}

function vline(doc: Doc, x: number, y1: number, y2: number): void {
  doc.moveTo(x, y1).lineTo(x, y2).lineWidth(0.6).strokeColor(RULE).stroke();
}

function box(doc: Doc, x: number, y: number, width: number, height: number): void {
  doc.rect(x, y, width, height).lineWidth(0.6).strokeColor(RULE).stroke();
}

/** A small capitalised caption over a block: 'SUPPLIER', 'BILLED TO'. */
function caption(doc: Doc, text: string, x: number, y: number): number {
  style(doc, { font: 'bold', size: SIZE.small, color: ACCENT });
  doc.text(text.toUpperCase(), x, y, { lineBreak: false, characterSpacing: 0.4 });
  return SIZE.small + 3;
}

// ── Blocks ──────────────────────────────────────────────────────────────────

interface TextLine {
  text: string;
  style?: Style;
}

function addressLines(address: TaxAddress): TextLine[] {
  const lines: TextLine[] = address.lines.map((text) => ({ text }));
  lines.push({ text: [address.city, address.postalCode].filter(Boolean).join(' - ') });
  lines.push({
    text: address.stateCode
      ? `State: ${address.stateName}, State code: ${address.stateCode}`
      : [address.stateName, address.country].filter(Boolean).join(', '),
  });
  return lines;
}

function partyLines(party: TaxParty, withGstin: boolean): TextLine[] {
  const lines: TextLine[] = [{ text: party.legalName, style: { font: 'bold', size: SIZE.name } }];
  if (party.tradeName && party.tradeName !== party.legalName)
    lines.push({ text: `Trade name: ${party.tradeName}` });
  lines.push(...addressLines(party.address));
  if (withGstin)
    lines.push({
      text: `GSTIN: ${party.gstin ?? 'Unregistered'}`,
      style: { font: 'bold' },
    });
  const contact = [
    party.phone ? `Phone: ${party.phone}` : null,
    party.email ? `Email: ${party.email}` : null,
  ].filter(Boolean);
  if (contact.length > 0) lines.push({ text: contact.join('   '), style: { color: MUTED } });
  return lines;
}

function measureLines(doc: Doc, lines: TextLine[], width: number): number {
  return lines.reduce(
    (height, line) => height + measureWrapped(doc, line.text, width, line.style ?? {}),
    0,
  );
}

function drawLines(doc: Doc, lines: TextLine[], x: number, y: number, width: number): number {
  let at = y;
  for (const line of lines) at += wrapText(doc, line.text, x, at, width, line.style ?? {});
  return at - y;
}

/** Label–value rows of the document's particulars (number, date, place of supply…). */
function particulars(document: TaxDocument): [string, string][] {
  const pos = `${document.placeOfSupply.name} (${document.placeOfSupply.code})`;
  const rows: [string, string][] =
    document.kind === 'invoice'
      ? [
          ['Invoice No.', document.number],
          ['Invoice Date', formatDate(document.issueDate)],
        ]
      : [
          ['Credit Note No.', document.number],
          ['Credit Note Date', formatDate(document.issueDate)],
          ['Against Invoice No.', document.original?.number ?? '-'],
          ['Invoice Date', document.original ? formatDate(document.original.issueDate) : '-'],
        ];
  rows.push(
    ['Order No.', document.orderNumber],
    ['Order Date', formatDate(document.orderDate)],
    ['Place of Supply', pos],
    ['Reverse Charge', document.reverseCharge ? 'Yes' : 'No'],
  );
  if (document.kind === 'credit_note' && document.reason) rows.push(['Reason', document.reason]);
  return rows;
}

const LABEL_WIDTH = 78;

function measureParticulars(doc: Doc, rows: [string, string][], width: number): number {
  return rows.reduce(
    (height, [, value]) =>
      height +
      Math.max(
        SIZE.body + 2.5,
        measureWrapped(doc, value, width - LABEL_WIDTH, { font: 'bold' }) + 1.5,
      ),
    0,
  );
}

function drawParticulars(
  doc: Doc,
  rows: [string, string][],
  x: number,
  y: number,
  width: number,
): void {
  let at = y;
  for (const [label, value] of rows) {
    style(doc, { color: MUTED });
    doc.text(label, x, at, { lineBreak: false });
    const height = wrapText(doc, value, x + LABEL_WIDTH, at, width - LABEL_WIDTH, { font: 'bold' });
    at += Math.max(SIZE.body + 2.5, height + 1.5);
  }
}

// ── The QR code ─────────────────────────────────────────────────────────────

/** Recently printed QR codes' drawing, by content: the same invoice is downloaded again. */
const qrPaths = new Map<string, string>();
const QR_PATHS_MAX = 64;
/** PDF numbers: fixed decimals, so the same QR writes the same bytes. */
const pdfNumber = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * The signed QR as vector squares (crisp at any zoom and on any printer), each row's dark
 * modules merged into runs, written as one path and filled once. The encoding (the error
 * correction level, the mask the library picks by its penalty rules) is deterministic.
 */
function qrPath(
  encoder: PdfKit['QRCode'],
  content: string,
  x: number,
  y: number,
  size: number,
): string {
  const key = `${x} ${y} ${size} ${content}`;
  const cached = qrPaths.get(key);
  if (cached) return cached;
  // M (15 % recoverable) unless the content needs L's larger capacity (the largest QR holds
  // 2,331 bytes at M, 2,953 at L; a signed e-invoice QR is ~1,000).
  let qr: QRCode.QRCode;
  try {
    qr = encoder.create(content, { errorCorrectionLevel: 'M' });
  } catch {
    qr = encoder.create(content, { errorCorrectionLevel: 'L' });
  }
  const count = qr.modules.size;
  const module = size / count;
  const rects: string[] = [];
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && qr.modules.get(row, col)) col++;
      rects.push(
        `${pdfNumber(x + start * module)} ${pdfNumber(y + row * module)} ${pdfNumber((col - start) * module)} ${pdfNumber(module)} re`,
      );
    }
  }
  const path = rects.join('\n');
  if (qrPaths.size >= QR_PATHS_MAX) qrPaths.delete(qrPaths.keys().next().value!);
  qrPaths.set(key, path);
  return path;
}

function drawQr(doc: Doc, content: string, x: number, y: number, size: number): void {
  doc.addContent(qrPath(doc.kit.QRCode, content, x, y, size));
  doc.fillColor('#000000').fill();
}

// ── The lines' table ────────────────────────────────────────────────────────

interface Cell {
  main: string;
  sub?: string;
}

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (line: TaxDocumentLine) => Cell;
  /** The table's total row. */
  total?: (document: TaxDocument) => string;
}

/** Half a rate for the CGST/SGST heads: 18% → 9%, 5% → 2.5%. */
function halfRate(rateBp: number): string {
  return formatRate(rateBp / 2);
}

function columns(document: TaxDocument): Column[] {
  const heads = taxHeads(document.supplyType);
  const taxColumns: Column[] =
    document.supplyType === 'inter'
      ? [
          {
            header: 'IGST (₹)',
            width: 56,
            align: 'right',
            cell: (line) => ({ main: amount(line.igstPaise), sub: `@ ${formatRate(line.rateBp)}` }),
            total: (d) => amount(d.totals.igstPaise),
          },
        ]
      : [
          {
            header: `${heads[0]} (₹)`,
            width: 48,
            align: 'right',
            cell: (line) => ({ main: amount(line.cgstPaise), sub: `@ ${halfRate(line.rateBp)}` }),
            total: (d) => amount(d.totals.cgstPaise),
          },
          {
            header: `${heads[1]} (₹)`,
            width: 48,
            align: 'right',
            cell: (line) => ({ main: amount(line.sgstPaise), sub: `@ ${halfRate(line.rateBp)}` }),
            total: (d) => amount(d.totals.sgstPaise),
          },
        ];
  const fixed: Column[] = [
    { header: '#', width: 16, align: 'center', cell: (line) => ({ main: String(line.serial) }) },
    {
      header: 'Description of goods',
      width: 0,
      align: 'left',
      cell: (line) => ({ main: line.description, sub: `SKU: ${line.sku}` }),
      total: () => 'Total',
    },
    { header: 'HSN', width: 40, align: 'center', cell: (line) => ({ main: line.hsn }) },
    {
      header: 'Qty',
      width: 36,
      align: 'right',
      cell: (line) => ({ main: groupIndian(line.quantity), sub: line.unit }),
    },
    {
      header: 'Unit price incl. GST (₹)',
      width: 50,
      align: 'right',
      cell: (line) => ({ main: amount(line.unitPricePaise) }),
    },
    {
      header: 'Taxable value (₹)',
      width: 56,
      align: 'right',
      cell: (line) => ({ main: amount(line.taxablePaise) }),
      total: (d) => amount(d.totals.taxablePaise),
    },
    {
      header: 'GST rate',
      width: 27,
      align: 'center',
      cell: (line) => ({ main: formatRate(line.rateBp) }),
    },
  ];
  const all = [
    ...fixed,
    ...taxColumns,
    {
      header: 'Total (₹)',
      width: 58,
      align: 'right' as const,
      cell: (line: TaxDocumentLine) => ({ main: amount(line.grossPaise) }),
      total: (d: TaxDocument) => amount(d.totals.totalPaise),
    },
  ];
  const description = all[1]!;
  description.width = WIDTH - all.reduce((sum, column) => sum + column.width, 0);
  return all;
}

const CELL_PAD = 3;
const SUB_GAP = 1.5;

function headerHeight(doc: Doc, cols: Column[]): number {
  return (
    Math.max(
      ...cols.map((column) =>
        measureWrapped(doc, column.header, column.width - 2 * CELL_PAD, {
          font: 'bold',
          size: SIZE.small,
        }),
      ),
    ) +
    2 * CELL_PAD
  );
}

function drawHeader(doc: Doc, cols: Column[], y: number, height: number): void {
  doc.rect(LEFT, y, WIDTH, height).fillColor(FILL).fill();
  let x = LEFT;
  for (const column of cols) {
    const textHeight = measureWrapped(doc, column.header, column.width - 2 * CELL_PAD, {
      font: 'bold',
      size: SIZE.small,
    });
    style(doc, { font: 'bold', size: SIZE.small });
    doc.text(column.header, x + CELL_PAD, y + (height - textHeight) / 2, {
      width: column.width - 2 * CELL_PAD,
      align: column.align === 'left' ? 'left' : column.align,
      lineGap: 0.5,
    });
    x += column.width;
  }
}

function rowHeight(doc: Doc, cols: Column[], line: TaxDocumentLine): number {
  let height = SIZE.table + 2;
  for (const column of cols) {
    const cell = column.cell(line);
    const main =
      column.align === 'left'
        ? measureWrapped(doc, cell.main, column.width - 2 * CELL_PAD, { size: SIZE.table })
        : SIZE.table + 2;
    const sub = cell.sub ? SIZE.small + 2 + SUB_GAP : 0;
    height = Math.max(height, main + sub);
  }
  return height + 2 * CELL_PAD;
}

function drawRow(doc: Doc, cols: Column[], line: TaxDocumentLine, y: number): void {
  let x = LEFT;
  for (const column of cols) {
    const cell = column.cell(line);
    const inner = column.width - 2 * CELL_PAD;
    let mainHeight = SIZE.table + 2;
    if (column.align === 'left')
      mainHeight = wrapText(doc, cell.main, x + CELL_PAD, y + CELL_PAD, inner, {
        size: SIZE.table,
      });
    else
      fitText(doc, cell.main, x + CELL_PAD, y + CELL_PAD, inner, column.align, {
        size: SIZE.table,
      });
    if (cell.sub)
      fitText(
        doc,
        cell.sub,
        x + CELL_PAD,
        y + CELL_PAD + mainHeight + SUB_GAP,
        inner,
        column.align,
        {
          size: SIZE.small,
          color: MUTED,
        },
      );
    x += column.width;
  }
}

function drawColumnRules(doc: Doc, cols: Column[], top: number, bottom: number): void {
  box(doc, LEFT, top, WIDTH, bottom - top);
  let x = LEFT;
  for (const column of cols.slice(0, -1)) {
    x += column.width;
    vline(doc, x, top, bottom);
  }
}

// ── The document ────────────────────────────────────────────────────────────

interface Layout {
  doc: Doc;
  document: TaxDocument;
  y: number;
}

/** A new page that continues the document: its title and number on top. */
function continuationPage(layout: Layout): void {
  const { doc, document } = layout;
  doc.addPage();
  fitText(
    doc,
    `${title(document)} ${document.number} (continued)`,
    LEFT,
    MARGIN.top,
    WIDTH,
    'left',
    {
      font: 'bold',
      size: SIZE.body,
      color: ACCENT,
    },
  );
  fitText(doc, document.supplier.legalName, LEFT, MARGIN.top, WIDTH, 'right', { color: MUTED });
  hline(doc, LEFT, RIGHT, MARGIN.top + SIZE.body + 5, ACCENT);
  layout.y = MARGIN.top + SIZE.body + 12;
}

/** Room for `height` more on this page, or a new page. */
function ensureRoom(layout: Layout, height: number): void {
  if (layout.y + height > BOTTOM) continuationPage(layout);
}

function drawTitle(layout: Layout): void {
  const { doc, document } = layout;
  const y = MARGIN.top;
  style(doc, { font: 'bold', size: SIZE.title, color: ACCENT });
  doc.text(title(document).toUpperCase(), LEFT, y, { lineBreak: false, characterSpacing: 1 });
  fitText(doc, 'Original for Recipient', LEFT, y + 5, WIDTH, 'right', {
    size: SIZE.small,
    color: MUTED,
  });
  let below = y + SIZE.title + 3;
  if (document.kind === 'credit_note') {
    fitText(doc, 'Issued under Section 34 of the CGST Act, 2017', LEFT, below, WIDTH, 'left', {
      size: SIZE.small,
      color: MUTED,
    });
    below += SIZE.small + 3;
  }
  hline(doc, LEFT, RIGHT, below + 2, ACCENT);
  layout.y = below + 8;
}

const QR_SIZE = 118;

function drawEInvoice(layout: Layout, registration: EInvoiceRegistration): void {
  const { doc } = layout;
  const top = layout.y;
  const height = QR_SIZE + 2 * PAD;
  box(doc, LEFT, top, WIDTH, height);
  let y = top + PAD + caption(doc, 'e-Invoice', LEFT + PAD, top + PAD);
  const textWidth = WIDTH - QR_SIZE - 3 * PAD;
  const rows: [string, string][] = [
    ['IRN', registration.irn],
    ['Ack No.', registration.ackNumber],
    ['Ack Date', registration.ackDate],
  ];
  for (const [label, value] of rows) {
    style(doc, { color: MUTED });
    doc.text(label, LEFT + PAD, y, { lineBreak: false });
    y += wrapText(doc, value, LEFT + PAD + 46, y, textWidth - 46, { font: 'bold' }) + 3;
  }
  wrapText(
    doc,
    'Registered on the Invoice Registration Portal. Scan the signed QR code to verify this invoice.',
    LEFT + PAD,
    top + height - PAD - SIZE.small - 2,
    textWidth,
    { size: SIZE.small, color: MUTED },
  );
  drawQr(doc, registration.signedQr, RIGHT - PAD - QR_SIZE, top + PAD, QR_SIZE);
  layout.y = top + height + 6;
}

/** Supplier on the left, the document's particulars on the right. */
function drawSupplier(layout: Layout): void {
  const { doc, document } = layout;
  const top = layout.y;
  const split = LEFT + WIDTH * 0.56;
  const leftWidth = split - LEFT - 2 * PAD;
  const rightWidth = RIGHT - split - 2 * PAD;
  const supplier = partyLines(document.supplier, true);
  const rows = particulars(document);
  const captionHeight = SIZE.small + 3;
  const height =
    Math.max(measureLines(doc, supplier, leftWidth), measureParticulars(doc, rows, rightWidth)) +
    captionHeight +
    2 * PAD;
  box(doc, LEFT, top, WIDTH, height);
  vline(doc, split, top, top + height);
  caption(doc, 'Supplier', LEFT + PAD, top + PAD);
  drawLines(doc, supplier, LEFT + PAD, top + PAD + captionHeight, leftWidth);
  caption(
    doc,
    document.kind === 'invoice' ? 'Invoice details' : 'Credit note details',
    split + PAD,
    top + PAD,
  );
  drawParticulars(doc, rows, split + PAD, top + PAD + captionHeight, rightWidth);
  layout.y = top + height;
}

/** Billed to and shipped to, side by side. */
function drawParties(layout: Layout): void {
  const { doc, document } = layout;
  const top = layout.y;
  const half = WIDTH / 2;
  const inner = half - 2 * PAD;
  const billed = partyLines(document.recipient, true);
  const shipped: TextLine[] = document.shipTo
    ? partyLines(document.shipTo, false)
    : [{ text: 'Same as the billing address', style: { color: MUTED } }];
  const captionHeight = SIZE.small + 3;
  const height =
    Math.max(measureLines(doc, billed, inner), measureLines(doc, shipped, inner)) +
    captionHeight +
    2 * PAD;
  box(doc, LEFT, top, WIDTH, height);
  vline(doc, LEFT + half, top, top + height);
  caption(doc, 'Billed to (recipient)', LEFT + PAD, top + PAD);
  drawLines(doc, billed, LEFT + PAD, top + PAD + captionHeight, inner);
  caption(doc, 'Shipped to', LEFT + half + PAD, top + PAD);
  drawLines(doc, shipped, LEFT + half + PAD, top + PAD + captionHeight, inner);
  layout.y = top + height + 8;
}

function drawTable(layout: Layout): void {
  const { doc, document } = layout;
  const cols = columns(document);
  const headHeight = headerHeight(doc, cols);
  const totalHeight = SIZE.table + 2 + 2 * CELL_PAD + 2;
  const firstRow = document.lines[0] ? rowHeight(doc, cols, document.lines[0]) : 0;
  ensureRoom(layout, headHeight + firstRow);
  let segmentTop = layout.y;
  drawHeader(doc, cols, layout.y, headHeight);
  layout.y += headHeight;
  document.lines.forEach((line, index) => {
    const height = rowHeight(doc, cols, line);
    // The last line keeps the total row with it.
    const needed = index === document.lines.length - 1 ? height + totalHeight : height;
    if (layout.y + needed > BOTTOM) {
      drawColumnRules(doc, cols, segmentTop, layout.y);
      continuationPage(layout);
      segmentTop = layout.y;
      drawHeader(doc, cols, layout.y, headHeight);
      layout.y += headHeight;
    }
    if (index > 0) hline(doc, LEFT, RIGHT, layout.y, '#d5dae0');
    drawRow(doc, cols, line, layout.y);
    layout.y += height;
  });
  // The total row: the sums of the figures that add up.
  doc.rect(LEFT, layout.y, WIDTH, totalHeight).fillColor(FILL).fill();
  hline(doc, LEFT, RIGHT, layout.y);
  let x = LEFT;
  for (const column of cols) {
    const text = column.total?.(document);
    if (text)
      fitText(
        doc,
        text,
        x + CELL_PAD,
        layout.y + CELL_PAD + 1,
        column.width - 2 * CELL_PAD,
        column.align === 'left' ? 'right' : column.align,
        {
          font: 'bold',
          size: SIZE.table,
        },
      );
    x += column.width;
  }
  layout.y += totalHeight;
  drawColumnRules(doc, cols, segmentTop, layout.y);
  layout.y += 8;
}

/** The totals per head on the right, the amount in words on the left. */
function drawTotals(layout: Layout): void {
  const { doc, document } = layout;
  const { totals } = document;
  const heads = taxHeads(document.supplyType);
  const rows: [string, string][] = [['Taxable value', rupees(totals.taxablePaise)]];
  if (document.supplyType === 'inter') rows.push([`${heads[0]}`, rupees(totals.igstPaise)]);
  else
    rows.push([`${heads[0]}`, rupees(totals.cgstPaise)], [`${heads[1]}`, rupees(totals.sgstPaise)]);
  const totalLabel = document.kind === 'invoice' ? 'Invoice total' : 'Credit note total';
  const totalsWidth = 200;
  const wordsWidth = WIDTH - totalsWidth - 4 * PAD;
  const rowStep = SIZE.body + 5;
  const words = `${document.amountInWords}`;
  const wordsHeight = measureWrapped(doc, words, wordsWidth, { font: 'bold', size: SIZE.body });
  const height =
    Math.max(rows.length * rowStep + SIZE.name + 10, wordsHeight + SIZE.small + 3) + 2 * PAD;
  ensureRoom(layout, height);
  const top = layout.y;
  box(doc, LEFT, top, WIDTH, height);
  const split = RIGHT - totalsWidth - 2 * PAD;
  vline(doc, split, top, top + height);
  caption(doc, 'Amount in words', LEFT + PAD, top + PAD);
  wrapText(doc, words, LEFT + PAD, top + PAD + SIZE.small + 3, wordsWidth, {
    font: 'bold',
    size: SIZE.body,
  });
  let y = top + PAD;
  const labelX = split + PAD;
  const valueWidth = RIGHT - PAD - labelX;
  for (const [label, value] of rows) {
    fitText(doc, label, labelX, y, valueWidth, 'left', { color: MUTED });
    fitText(doc, value, labelX, y, valueWidth, 'right', { font: 'bold' });
    y += rowStep;
  }
  hline(doc, split, RIGHT, y);
  y += 4;
  fitText(doc, totalLabel, labelX, y + 1, valueWidth / 2, 'left', {
    font: 'bold',
    size: SIZE.body,
  });
  fitText(doc, rupees(totals.totalPaise), labelX + valueWidth / 2, y, valueWidth / 2, 'right', {
    font: 'bold',
    size: SIZE.name + 1,
  });
  layout.y = top + height + 8;
}

interface HsnRow {
  hsn: string;
  rateBp: number;
  quantity: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** The HSN-wise summary: what GSTR-1 table 12 reports, and what a buyer's accountant checks. */
function hsnSummary(lines: readonly TaxDocumentLine[]): HsnRow[] {
  const rows = new Map<string, HsnRow>();
  for (const line of lines) {
    const key = `${line.hsn}|${line.rateBp}`;
    const row = rows.get(key) ?? {
      hsn: line.hsn,
      rateBp: line.rateBp,
      quantity: 0,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    };
    row.quantity += line.quantity;
    row.taxablePaise += line.taxablePaise;
    row.cgstPaise += line.cgstPaise;
    row.sgstPaise += line.sgstPaise;
    row.igstPaise += line.igstPaise;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBp - b.rateBp);
}

function drawHsnSummary(layout: Layout): void {
  const { doc, document } = layout;
  const rows = hsnSummary(document.lines);
  const heads = taxHeads(document.supplyType);
  const headers = [
    'HSN',
    'Taxable value (₹)',
    'Rate',
    ...heads.map((h) => `${h} (₹)`),
    'Total tax (₹)',
  ];
  // Proportions of the full width: HSN, taxable value, rate, each head, total tax.
  const shares = [1, 1.4, 0.7, ...heads.map(() => 1.2), 1.3];
  const unit = WIDTH / shares.reduce((a, b) => a + b, 0);
  const widths = shares.map((share) => share * unit);
  const tableWidth = WIDTH;
  const rowH = SIZE.table + 2 + 2 * CELL_PAD;
  const cells = (row: HsnRow): string[] => [
    row.hsn,
    amount(row.taxablePaise),
    formatRate(row.rateBp),
    ...(document.supplyType === 'inter'
      ? [amount(row.igstPaise)]
      : [amount(row.cgstPaise), amount(row.sgstPaise)]),
    amount(row.cgstPaise + row.sgstPaise + row.igstPaise),
  ];
  const align = (i: number): 'left' | 'right' | 'center' =>
    i === 0 || i === 2 ? 'center' : 'right';
  const drawCells = (values: string[], y: number, bold: boolean) => {
    let x = LEFT;
    values.forEach((value, i) => {
      fitText(doc, value, x + CELL_PAD, y + CELL_PAD, widths[i]! - 2 * CELL_PAD, align(i), {
        font: bold ? 'bold' : 'regular',
        size: bold && !value ? SIZE.table : bold ? SIZE.small : SIZE.table,
      });
      x += widths[i]!;
    });
  };
  const drawHead = () => {
    caption(doc, 'HSN-wise summary', LEFT, layout.y);
    layout.y += SIZE.small + 4;
    doc.rect(LEFT, layout.y, tableWidth, rowH).fillColor(FILL).fill();
    drawCells(headers, layout.y, true);
    layout.y += rowH;
  };
  ensureRoom(layout, SIZE.small + 4 + rowH * Math.min(rows.length + 2, 4));
  drawHead();
  let segmentTop = layout.y - rowH;
  const rules = (bottom: number) => {
    doc
      .rect(LEFT, segmentTop, tableWidth, bottom - segmentTop)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    let x = LEFT;
    for (const width of widths.slice(0, -1)) {
      x += width;
      vline(doc, x, segmentTop, bottom);
    }
  };
  for (const row of rows) {
    if (layout.y + rowH > BOTTOM) {
      rules(layout.y);
      continuationPage(layout);
      drawHead();
      segmentTop = layout.y - rowH;
    }
    hline(doc, LEFT, LEFT + tableWidth, layout.y, '#d5dae0');
    drawCells(cells(row), layout.y, false);
    layout.y += rowH;
  }
  if (layout.y + rowH > BOTTOM) {
    rules(layout.y);
    continuationPage(layout);
    drawHead();
    segmentTop = layout.y - rowH;
  }
  const { totals } = document;
  doc.rect(LEFT, layout.y, tableWidth, rowH).fillColor(FILL).fill();
  hline(doc, LEFT, LEFT + tableWidth, layout.y);
  let x = LEFT;
  const totalCells = [
    'Total',
    amount(totals.taxablePaise),
    '',
    ...(document.supplyType === 'inter'
      ? [amount(totals.igstPaise)]
      : [amount(totals.cgstPaise), amount(totals.sgstPaise)]),
    amount(totals.cgstPaise + totals.sgstPaise + totals.igstPaise),
  ];
  totalCells.forEach((value, i) => {
    fitText(doc, value, x + CELL_PAD, layout.y + CELL_PAD, widths[i]! - 2 * CELL_PAD, align(i), {
      font: 'bold',
      size: SIZE.table,
    });
    x += widths[i]!;
  });
  layout.y += rowH;
  rules(layout.y);
  layout.y += 10;
}

/** Declaration on the left; "For {legal name}" and the signatory on the right (Rule 46(q)). */
function drawSignature(layout: Layout): void {
  const { doc, document } = layout;
  const half = WIDTH / 2;
  const declaration =
    document.kind === 'invoice'
      ? 'We declare that this invoice shows the actual price of the goods described and that all particulars are true and correct.'
      : `This credit note reduces the taxable value and tax of ${document.original ? `invoice ${document.original.number}` : 'the invoice named above'} by the amounts above (Section 34 of the CGST Act, 2017).`;
  const height = 74;
  ensureRoom(layout, height);
  const top = layout.y;
  box(doc, LEFT, top, WIDTH, height);
  vline(doc, LEFT + half, top, top + height);
  caption(doc, 'Declaration', LEFT + PAD, top + PAD);
  wrapText(doc, declaration, LEFT + PAD, top + PAD + SIZE.small + 3, half - 2 * PAD, {
    size: SIZE.small + 0.5,
    color: MUTED,
  });
  wrapText(
    doc,
    `Whether tax is payable on reverse charge: ${document.reverseCharge ? 'Yes' : 'No'}.`,
    LEFT + PAD,
    top + height - PAD - SIZE.small - 3,
    half - 2 * PAD,
    {
      size: SIZE.small + 0.5,
      color: MUTED,
    },
  );
  const signX = LEFT + half + PAD;
  const signWidth = half - 2 * PAD;
  fitText(doc, `For ${document.supplier.legalName}`, signX, top + PAD, signWidth, 'right', {
    font: 'bold',
  });
  // No name saved in the settings: the line alone, above which the signatory signs by hand.
  fitText(
    doc,
    document.signatory ? `${document.signatory}, Authorised Signatory` : 'Authorised Signatory',
    signX,
    top + height - PAD - SIZE.body - 2,
    signWidth,
    'right',
    {},
  );
  layout.y = top + height + 6;
  fitText(
    doc,
    `This is a computer-generated ${document.kind === 'invoice' ? 'invoice' : 'credit note'}.`,
    LEFT,
    layout.y,
    WIDTH,
    'center',
    { size: SIZE.small, color: MUTED },
  );
  layout.y += SIZE.small + 4;
}

/** "Page n of N" and the document's number at the foot of every page, once the count is known. */
function drawFooters(doc: Doc, document: TaxDocument): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - MARGIN.bottom + 14;
    hline(doc, LEFT, RIGHT, y - 5);
    fitText(doc, `${title(document)} ${document.number}`, LEFT, y, WIDTH / 2, 'left', {
      size: SIZE.small,
      color: MUTED,
    });
    fitText(doc, `Page ${i - start + 1} of ${count}`, LEFT + WIDTH / 2, y, WIDTH / 2, 'right', {
      size: SIZE.small,
      color: MUTED,
    });
  }
}

/** The India midnight of the issue date: the PDF's creation date, fixed by the document. */
function issueInstant(issueDate: string): Date {
  return new Date(`${issueDate}T00:00:00+05:30`);
}

/**
 * The document as PDF bytes. The same document and registration give the same bytes.
 */
export async function renderTaxDocumentPdf(
  document: TaxDocument,
  registration: EInvoiceRegistration | null,
): Promise<Buffer> {
  const kit = await loadKit();
  const { PDFDocument, fonts, names } = kit;
  const created = issueInstant(document.issueDate);
  const { regular, bold } = fonts;
  // @types/pdfkit does not list a fontkit font among the sources PDFKit 0.20 accepts; as the
  // default font it also spares each document parsing Helvetica's metrics, never used here.
  const source = (font: fontkit.Font) => font as unknown as string;
  const pdf = new PDFDocument({
    font: source(regular),
    size: 'A4',
    margin: 0,
    bufferPages: true,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `${title(document)} ${document.number}`,
      Author: document.supplier.legalName,
      Subject: `${title(document)} ${document.number} for order ${document.orderNumber}`,
      CreationDate: created,
      ModDate: created,
    },
  });
  const doc: Doc = Object.assign(pdf, { kit });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Opened once here, found by name from then on (style()).
  doc.font(source(bold)).font(names.regular);
  const layout: Layout = { doc, document, y: MARGIN.top };
  drawTitle(layout);
  if (registration) drawEInvoice(layout, registration);
  drawSupplier(layout);
  drawParties(layout);
  drawTable(layout);
  drawTotals(layout);
  drawHsnSummary(layout);
  drawSignature(layout);
  drawFooters(doc, document);
  doc.end();
  return done;
}
