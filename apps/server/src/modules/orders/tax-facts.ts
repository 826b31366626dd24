/**
 * An order's tax as it was stored when the order was placed (issue 21, decision 052), with its
 * buyer's email and its lines, for its tax invoice (modules/invoices): the order, the buyer and
 * the lines in one statement, as the invoice is issued inside the payment's transaction.
 */
import { sql } from 'drizzle-orm';
import type { SupplyType } from '@storefront/shared/gst';
import type { DbOrTx } from '../../db/connect.js';
import type { OrderAddressColumns } from './service.js';

export interface OrderTaxLine {
  position: number;
  title: string;
  sku: string;
  hsn: string;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
  gstRateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface OrderTaxFacts {
  mkpOrderId: string;
  /** The order's date in India, YYYY-MM-DD. */
  orderDate: string;
  buyerEmail: string;
  recipientName: string;
  shippingAddress1: string;
  shippingAddress2: string;
  shippingAddress3: string;
  shippingCity: string;
  shippingState: string;
  shippingStateCode: string | null;
  shippingPostalCode: string;
  shippingCountry: string;
  shippingPhoneNumber: string;
  billingGstin: string | null;
  billingLegalName: string | null;
  billingAddress1: string | null;
  billingAddress2: string | null;
  billingCity: string | null;
  billingStateCode: string | null;
  billingPostalCode: string | null;
  placeOfSupply: string;
  supplyType: SupplyType;
  /** By position. */
  lines: OrderTaxLine[];
}

type Amount = number | string;

interface TaxFactsRow extends OrderAddressColumns {
  mkp_order_id: string;
  order_date: string;
  email: string;
  lines: {
    position: number;
    title: string;
    sku: string;
    hsn: string | null;
    quantity: number;
    unitPricePaise: Amount;
    lineTotalPaise: Amount;
    gstRateBp: number | null;
    taxablePaise: Amount | null;
    cgstPaise: Amount | null;
    sgstPaise: Amount | null;
    igstPaise: Amount | null;
  }[];
}

/**
 * The order's tax facts and lines, or null for an unknown order or one placed before issue 21
 * (the order or a line without its stored tax).
 */
export async function orderTaxFacts(db: DbOrTx, orderId: string): Promise<OrderTaxFacts | null> {
  const result = await db.execute(sql`
    SELECT o.mkp_order_id,
           to_char(o.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS order_date,
           u.email, o.recipient_name, o.shipping_address1, o.shipping_address2,
           o.shipping_address3, o.shipping_city, o.shipping_state, o.shipping_state_code,
           o.shipping_postal_code, o.shipping_country, o.shipping_phone_number,
           o.billing_gstin, o.billing_legal_name, o.billing_address1, o.billing_address2,
           o.billing_city, o.billing_state_code, o.billing_postal_code,
           o.place_of_supply, o.supply_type,
           COALESCE((SELECT json_agg(json_build_object(
               'position', l.position, 'title', l.title, 'sku', l.sku, 'hsn', l.hsn,
               'quantity', l.quantity, 'unitPricePaise', l.unit_price_paise,
               'lineTotalPaise', l.line_total_paise, 'gstRateBp', l.gst_rate_bp,
               'taxablePaise', l.taxable_paise, 'cgstPaise', l.cgst_paise,
               'sgstPaise', l.sgst_paise, 'igstPaise', l.igst_paise) ORDER BY l.position)
              FROM order_lines l WHERE l.order_id = o.id), '[]') AS lines
      FROM orders o JOIN users u ON u.id = o.user_id
     WHERE o.id = ${orderId}`);
  const row = result.rows[0] as TaxFactsRow | undefined;
  if (!row?.place_of_supply || !row.supply_type) return null;
  if (row.lines.some((l) => l.hsn === null || l.gstRateBp === null || l.taxablePaise === null))
    return null;
  return {
    mkpOrderId: row.mkp_order_id,
    orderDate: row.order_date,
    buyerEmail: row.email,
    recipientName: row.recipient_name,
    shippingAddress1: row.shipping_address1,
    shippingAddress2: row.shipping_address2,
    shippingAddress3: row.shipping_address3,
    shippingCity: row.shipping_city,
    shippingState: row.shipping_state,
    shippingStateCode: row.shipping_state_code,
    shippingPostalCode: row.shipping_postal_code,
    shippingCountry: row.shipping_country,
    shippingPhoneNumber: row.shipping_phone_number,
    billingGstin: row.billing_gstin,
    billingLegalName: row.billing_legal_name,
    billingAddress1: row.billing_address1,
    billingAddress2: row.billing_address2,
    billingCity: row.billing_city,
    billingStateCode: row.billing_state_code,
    billingPostalCode: row.billing_postal_code,
    placeOfSupply: row.place_of_supply,
    supplyType: row.supply_type as SupplyType,
    lines: row.lines.map((line) => ({
      position: Number(line.position),
      title: line.title,
      sku: line.sku,
      hsn: line.hsn!,
      quantity: Number(line.quantity),
      unitPricePaise: Number(line.unitPricePaise),
      lineTotalPaise: Number(line.lineTotalPaise),
      gstRateBp: Number(line.gstRateBp),
      taxablePaise: Number(line.taxablePaise),
      cgstPaise: Number(line.cgstPaise),
      sgstPaise: Number(line.sgstPaise),
      igstPaise: Number(line.igstPaise),
    })),
  };
}
