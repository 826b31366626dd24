/**
 * A history of orders for the order desk's benchmarks and demos (`npm run seed -- --orders N`):
 * deterministic from the seed, spread over the last 180 days among the buyers that exist, one to
 * three lines of products without options, each priced with the shared `priceLine` as a real
 * checkout would be, in the statuses a running store has (mostly delivered, some waiting). Each
 * order has its first history entry; its number is `MKP-<date>-S<5 base-36 digits>` from its
 * place in the run, so numbers never collide within a run.
 */
import { sql } from 'drizzle-orm';
import { ORDER_SOURCE } from '@storefront/shared/constants';
import { findIndianState, lineTax, taxTotals } from '@storefront/shared/gst';
import { isValidGstin } from '@storefront/shared/gstin';
import { priceLine, SHIPPING_SOURCES } from '@storefront/shared/pricing';
import type { Db } from '../db/connect.js';
import { orderLines, orders, orderStatusHistory } from '../db/schema.js';
import {
  pricingColumns,
  toProductForPricing,
  type PricingRow,
} from '../modules/catalog/service.js';
import { effectiveRate, supplyOf } from '../modules/gst/tax.js';
import { readTaxSetup } from '../modules/gst/tax-setup.js';
import { createRandom } from './random.js';

const BATCH = 1000;
const DAYS = 180;
/** Statuses with their share of a store's history. */
const STATUSES: [string, number][] = [
  ['DELIVERED', 0.45],
  ['SHIPPED', 0.1],
  ['PD', 0.15],
  ['UP', 0.2],
  ['PF', 0.1],
];

/** The changes that led to each status, as a store's payments and staff made them. */
const PATHS: Record<string, [string, string, string][]> = {
  UP: [],
  PF: [['UP', 'PF', 'payment_callback']],
  PD: [['UP', 'PD', 'payment_callback']],
  SHIPPED: [
    ['UP', 'PD', 'payment_callback'],
    ['PD', 'SHIPPED', 'operator'],
  ],
  DELIVERED: [
    ['UP', 'PD', 'payment_callback'],
    ['PD', 'SHIPPED', 'operator'],
    ['SHIPPED', 'DELIVERED', 'operator'],
  ],
};
const HOUR = 3600 * 1000;

function statusAt(roll: number): string {
  let sum = 0;
  for (const [status, share] of STATUSES) {
    sum += share;
    if (roll < sum) return status;
  }
  return 'DELIVERED';
}

const ymd = (date: Date) =>
  `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}${String(date.getUTCDate()).padStart(2, '0')}`;

export async function seedOrders(
  db: Db,
  options: { count: number; seed: number; now?: Date; log?: (line: string) => void },
): Promise<{ orders: number }> {
  const random = createRandom(options.seed ^ 0x5eed0);
  const now = options.now ?? new Date();
  const buyers = (
    await db.execute(
      sql`SELECT id, gst_number, company_name, business_street, business_city, pincode
            FROM users WHERE email_verified_at IS NOT NULL ORDER BY id`,
    )
  ).rows as {
    id: string;
    gst_number: string;
    company_name: string;
    business_street: string;
    business_city: string;
    pincode: string | null;
  }[];
  // Taxed as a checkout would tax them (issue 21): the store's state and rates, the buyer's
  // account billed (when its GSTIN is valid), the place of supply from both.
  const { settings, rates } = await readTaxSetup(db);
  const products = (
    await db.execute(
      sql`SELECT ${pricingColumns} FROM products p WHERE p.options = '[]'::jsonb ORDER BY p.id LIMIT 200`,
    )
  ).rows.map((row) => toProductForPricing(row as unknown as PricingRow));
  if (buyers.length === 0 || products.length === 0)
    throw new Error('Seed the catalog and its buyers before orders');
  const spacingMs = (DAYS * 24 * 3600 * 1000) / options.count;

  for (let start = 0; start < options.count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, options.count - start) }, (_, k) => {
      const i = start + k;
      const createdAt = new Date(now.getTime() - (options.count - i) * spacingMs);
      const source = random.pick(SHIPPING_SOURCES);
      const status = statusAt(random.next());
      const lines = random
        .shuffle(products)
        .slice(0, random.int(1, 3))
        .map((product, position) => {
          const quantity = random.int(1, 60);
          const price = priceLine(product, quantity, source);
          return {
            position,
            productId: product.id,
            title: product.name,
            sku: product.code,
            sellerSku: product.sellerSku,
            source,
            unitPricePaise: price.unitPaise,
            quantity,
            lineTotalPaise: price.lineTotalPaise,
            hsn: product.hsn,
            gstRateBp: effectiveRate(product, rates),
          };
        });
      const buyer = buyers[i % buyers.length]!;
      const order = {
        id: random.hexId(),
        mkpOrderId: `MKP-${ymd(createdAt)}-S${i.toString(36).toUpperCase().padStart(5, '0')}`,
        userId: buyer.id,
        pStatus: status,
        source: ORDER_SOURCE,
        recipientName: 'Seeded Buyer',
        shippingAddress1: `${random.int(1, 400)} Market Road`,
        shippingCity: random.pick(['Mumbai', 'Pune', 'Bengaluru', 'Chennai', 'Delhi', 'Jaipur']),
        shippingState: random.pick([
          'Maharashtra',
          'Karnataka',
          'Tamil Nadu',
          'Delhi',
          'Rajasthan',
        ]),
        shippingPostalCode: String(random.int(110001, 799999)),
        shippingCountry: 'India',
        shippingPhoneNumber: `9${String(random.int(100000000, 999999999))}`,
        totalPaise: lines.reduce((sum, line) => sum + line.lineTotalPaise, 0),
        ...(status === 'SHIPPED' || status === 'DELIVERED'
          ? { carrier: 'Delhivery', trackingNumber: `DL${String(i).padStart(9, '0')}IN` }
          : {}),
        createdAt,
      };
      const shipState = findIndianState(order.shippingState)!;
      const billed = isValidGstin(buyer.gst_number) ? buyer.gst_number : null;
      const supply = supplyOf(
        settings.stateCode,
        { country: order.shippingCountry, stateCode: shipState.code },
        billed,
      );
      const taxes = lines.map((line) =>
        lineTax(line.lineTotalPaise, line.gstRateBp, supply.supplyType),
      );
      const totals = taxTotals(taxes);
      return {
        ...order,
        shippingStateCode: shipState.code,
        ...(billed
          ? {
              billingGstin: billed,
              billingLegalName: buyer.company_name,
              billingAddress1: buyer.business_street,
              billingAddress2: '',
              billingCity: buyer.business_city,
              billingStateCode: billed.slice(0, 2),
              billingPostalCode: buyer.pincode ?? '',
            }
          : {}),
        sellerStateCode: settings.stateCode || null,
        placeOfSupply: supply.placeOfSupply,
        supplyType: supply.supplyType,
        taxablePaise: totals.taxablePaise,
        cgstPaise: totals.centralPaise,
        sgstPaise: totals.statePaise,
        igstPaise: totals.integratedPaise,
        lines: lines.map((line, n) => ({
          ...line,
          taxablePaise: taxes[n]!.taxablePaise,
          cgstPaise: taxes[n]!.centralPaise,
          sgstPaise: taxes[n]!.statePaise,
          igstPaise: taxes[n]!.integratedPaise,
        })),
      };
    });
    await db.transaction(async (tx) => {
      await tx.insert(orders).values(batch.map(({ lines: _lines, ...order }) => order));
      await tx
        .insert(orderLines)
        .values(
          batch.flatMap((order) => order.lines.map((line) => ({ ...line, orderId: order.id }))),
        );
      await tx.insert(orderStatusHistory).values(
        batch.flatMap((order) => [
          {
            orderId: order.id,
            fromStatus: null,
            toStatus: 'UP',
            cause: 'order_created',
            createdAt: order.createdAt,
          },
          ...PATHS[order.pStatus]!.map(([fromStatus, toStatus, cause], step) => ({
            orderId: order.id,
            fromStatus,
            toStatus,
            cause,
            createdAt: new Date(
              Math.min(now.getTime(), order.createdAt.getTime() + (step + 1) * 6 * HOUR),
            ),
          })),
        ]),
      );
    });
    options.log?.(`${Math.min(start + BATCH, options.count)}/${options.count} orders`);
  }
  // As after the catalog: statistics, and the visibility map that lets the desk's count use
  // index-only scans from the start.
  await db.execute(sql`VACUUM (ANALYZE) orders, order_lines, order_status_history`);
  return { orders: options.count };
}
