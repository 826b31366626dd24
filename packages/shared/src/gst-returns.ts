import { z } from 'zod';

/**
 * The seller's returns and e-invoices (issue 21, decision 055): the console's list of the tax
 * documents issued, the GSTR-1 download of a month, and the e-invoice registration (IRN,
 * acknowledgement, signed QR) recorded against a document. The console's forms and the server
 * validate with these; money is integer paise.
 */

/** A return period as YYYY-MM, in India dates. GST began on 1 July 2017. */
export const ReturnMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM, like 2027-04')
  .refine((month) => month >= '2017-07' && month <= '2099-12', 'A month from July 2017 on');
export type ReturnMonth = z.infer<typeof ReturnMonth>;

export const GSTR1_FORMATS = ['json', 'csv'] as const;
export type Gstr1Format = (typeof GSTR1_FORMATS)[number];

export const Gstr1Query = z
  .object({
    month: ReturnMonth,
    /** json: the offline tool's upload file; csv: a zip of its templates' tables. */
    format: z.enum(GSTR1_FORMATS).default('json'),
  })
  .strict();
export type Gstr1Query = z.infer<typeof Gstr1Query>;

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type TaxDocumentKindName = (typeof TAX_DOCUMENT_KINDS)[number];
export const TAX_DOCUMENT_PAGE_MAX = 100;

export const TaxDocumentListQuery = z
  .object({
    month: ReturnMonth.optional(),
    kind: z.enum(TAX_DOCUMENT_KINDS).optional(),
    /** The `next` of the previous page. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(TAX_DOCUMENT_PAGE_MAX).default(50),
  })
  .strict();
export type TaxDocumentListQuery = z.infer<typeof TaxDocumentListQuery>;

/**
 * registered: the IRN is recorded; pending: an e-invoice is due and none is recorded yet;
 * not_applicable: a supply to an unregistered buyer in India, which is not e-invoiced.
 */
export const E_INVOICE_STATUSES = ['registered', 'pending', 'not_applicable'] as const;
export type EInvoiceStatus = (typeof E_INVOICE_STATUSES)[number];

export const TaxDocumentRow = z.object({
  id: z.number().int(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  number: z.string(),
  /** India date, YYYY-MM-DD. */
  issueDate: z.string(),
  orderNumber: z.string(),
  /** The PDF's address on the console's route. */
  href: z.string(),
  recipient: z.object({ legalName: z.string(), gstin: z.string().nullable() }),
  placeOfSupply: z.object({ code: z.string(), name: z.string() }),
  supplyType: z.enum(['intra', 'intra-ut', 'inter']),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
  /** A credit note's invoice. */
  original: z.object({ number: z.string(), issueDate: z.string() }).nullable(),
  eInvoice: z.object({
    status: z.enum(E_INVOICE_STATUSES),
    irn: z.string().nullable(),
    ackNumber: z.string().nullable(),
    ackDate: z.string().nullable(),
  }),
});
export type TaxDocumentRow = z.infer<typeof TaxDocumentRow>;

export const TaxDocumentSums = z.object({
  count: z.number().int(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type TaxDocumentSums = z.infer<typeof TaxDocumentSums>;

export const TaxDocumentList = z.object({
  documents: z.array(TaxDocumentRow),
  /** The month's sums by kind (every page of it, not this page), when a month is chosen. */
  summary: z.object({ invoices: TaxDocumentSums, creditNotes: TaxDocumentSums }).nullable(),
  /** Whether the store e-invoices (settings): the e-invoice export and registration are on. */
  eInvoicing: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last. */
  next: z.string().nullable(),
});
export type TaxDocumentList = z.infer<typeof TaxDocumentList>;

export const TaxDocumentParams = z
  .object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })
  .strict();

/** The acknowledgement date as the registration portal prints it: 'YYYY-MM-DD HH:MM:SS'. */
const ACK_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

function isRealDateTime(text: string): boolean {
  const match = ACK_DATE.exec(text);
  if (!match) return false;
  const [, year, month, day, hour, minute, second = '00'] = match;
  const date = new Date(Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!, +second));
  return (
    date.getUTCFullYear() === +year! &&
    date.getUTCMonth() === +month! - 1 &&
    date.getUTCDate() === +day! &&
    date.getUTCHours() === +hour! &&
    date.getUTCMinutes() === +minute! &&
    date.getUTCSeconds() === +second
  );
}

export const E_INVOICE_MESSAGES = {
  irn: 'The IRN is 64 hexadecimal characters (0-9, a-f)',
  ackNumber: 'The acknowledgement number is digits only',
  ackDate: 'The acknowledgement date and time, as YYYY-MM-DD HH:MM:SS',
  signedQr: 'The signed QR code is a JWT: three parts of letters, digits, - and _ joined by dots',
} as const;

/**
 * What the registration portal returned for a document, as staff copy it in. Recording over an
 * earlier registration needs `replace: true` (the old values go to the audit log).
 */
export const EInvoiceRegistrationBody = z
  .object({
    irn: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{64}$/, E_INVOICE_MESSAGES.irn)
      .transform((irn) => irn.toLowerCase()),
    ackNumber: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, E_INVOICE_MESSAGES.ackNumber),
    ackDate: z
      .string()
      .trim()
      .refine(isRealDateTime, E_INVOICE_MESSAGES.ackDate)
      .transform((text) => {
        const [, year, month, day, hour, minute, second = '00'] = ACK_DATE.exec(text)!;
        return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
      }),
    signedQr: z
      .string()
      .trim()
      .max(8000, 'The signed QR code is at most 8,000 characters')
      .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, E_INVOICE_MESSAGES.signedQr),
    replace: z.boolean().optional(),
  })
  .strict();
export type EInvoiceRegistrationBody = z.input<typeof EInvoiceRegistrationBody>;

export const EInvoiceRegistrationResponse = z.object({ document: TaxDocumentRow });
export type EInvoiceRegistrationResponse = z.infer<typeof EInvoiceRegistrationResponse>;
