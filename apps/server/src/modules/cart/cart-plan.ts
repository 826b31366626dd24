/**
 * Many lines into the cart at once (issue 22, decision 065): the quick order's rows and a past
 * order's lines. A plan holds the buyer's cart as read and the lines planned so far, and asks of
 * each new line what `addItem` asks of one (service.ts): the line-count cap (decision 027),
 * QUANTITY_MAX, and `lineQuantityProblem`'s minimum, pack size and stock, each counted as if the
 * lines planned before it were already in the cart, which is how they end up. `commit` then
 * writes them all in one statement, merged into the lines the cart holds as an add merges.
 *
 * A plan that commits is read with the buyer's row locked (`lock`), as every cart change locks
 * it, so nothing the checks counted can change before the write. It reads the lines with their
 * products, so the commit answers the cart as it leaves it, priced, with no read of its own.
 */
import { sql } from 'drizzle-orm';
import { CART_TOO_MANY_LINES_MESSAGE, LINE_TOO_LARGE_MESSAGE } from '@storefront/shared/cart';
import { CART_LINES_MAX, QUANTITY_MAX } from '@storefront/shared/constants';
import type { ErrorKind } from '@storefront/shared/errors';
import type { Db } from '../../db/connect.js';
import type { ProductForPricing } from '../catalog/service.js';
import {
  lineQuantityProblem,
  lineRow,
  readPricedLines,
  rowKey,
  type CartLine,
  type LineProblem,
  type PricedLine,
} from './service.js';

type Executor = Pick<Db, 'execute'>;

/** Why a planned line cannot be added: the cart's own codes and words. */
export interface PlanProblem {
  kind: Extract<ErrorKind, 'invalid_data' | 'conflict'>;
  code: LineProblem['code'] | 'quantity_too_large' | 'cart_too_many_lines';
  message: string;
}

const lineKey = (productId: string, variantIndex: number | null, source: string) =>
  `${productId}:${variantIndex ?? ''}:${source}`;

interface LineRow {
  product_id: string | null;
  variant_index: number | null;
  source: string | null;
  quantity: number | null;
}

export class CartPlan {
  /**
   * The cart's lines, the planned units added, in the cart's order (a line planned anew comes
   * after those it holds, as the commit inserts it).
   */
  private readonly cartLines = new Map<string, CartLine>();
  /** The lines of each product (the cart's and the planned), for what a stock row holds. */
  private readonly lines = new Map<string, CartLine[]>();
  /** The products of the lines, where read (a locked plan's, and every planned line's). */
  private readonly products = new Map<string, ProductForPricing>();
  /** The planned additions, in the order planned. */
  private readonly planned: CartLine[] = [];

  private constructor(lines: readonly CartLine[]) {
    for (const line of lines) this.record(line);
  }

  /** The buyer's cart as it stands, for a check that writes nothing. */
  static async read(db: Executor, userId: string): Promise<CartPlan> {
    const result = await db.execute(
      sql`SELECT product_id, variant_index, source, quantity FROM cart_lines
           WHERE user_id = ${userId}`,
    );
    return new CartPlan(
      (result.rows as unknown as LineRow[]).flatMap((row) =>
        row.product_id === null
          ? []
          : [
              {
                productId: row.product_id,
                variantIndex: row.variant_index,
                source: row.source!,
                quantity: Number(row.quantity),
              },
            ],
      ),
    );
  }

  /**
   * The buyer's cart with the buyer's row locked as `addItem` locks it (decision 027), inside the
   * transaction that will commit the plan: the adds of one buyer run one after another. The
   * lines are read by a statement of their own, after the lock: under Read Committed a
   * statement that waited for the lock would still see the lines of its own, older snapshot,
   * missing those the add it waited for committed (PostgreSQL found it; PGlite runs one at a
   * time).
   */
  static async lock(tx: Executor, userId: string): Promise<CartPlan> {
    await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
    const priced = await readPricedLines(tx, userId);
    const plan = new CartPlan(priced.map(({ line }) => line));
    for (const { product } of priced) plan.products.set(product.id, product);
    return plan;
  }

  private record(line: CartLine): void {
    const key = lineKey(line.productId, line.variantIndex, line.source);
    const quantity = this.held(line.productId, line.variantIndex, line.source) + line.quantity;
    this.cartLines.set(key, { ...(this.cartLines.get(key) ?? line), quantity });
    const lines = this.lines.get(line.productId) ?? [];
    lines.push(line);
    this.lines.set(line.productId, lines);
  }

  /** What the line of this product, variant and source holds now, planned units included. */
  held(productId: string, variantIndex: number | null, source: string): number {
    return this.cartLines.get(lineKey(productId, variantIndex, source))?.quantity ?? 0;
  }

  /** What the product's other lines drawing on the same stock row as this line hold. */
  private othersOnRow(product: ProductForPricing, variantIndex: number | null, source: string) {
    const row = lineRow(product, variantIndex);
    if (!row) return 0;
    const key = rowKey(product.id, row);
    return (this.lines.get(product.id) ?? [])
      .filter((l) => !(l.variantIndex === variantIndex && l.source === source))
      .filter((l) => {
        const other = lineRow(product, l.variantIndex);
        return other !== null && rowKey(product.id, other) === key;
      })
      .reduce((sum, l) => sum + l.quantity, 0);
  }

  /** The units this line may still grow by, as far as stock goes; null: not tracked. */
  stockRoom(product: ProductForPricing, variantIndex: number | null, source: string) {
    const row = lineRow(product, variantIndex);
    if (!row) return null;
    return row.onHand - this.othersOnRow(product, variantIndex, source);
  }

  /** Whether adding to this line would make a new one, and the cart has no room for it. */
  full(productId: string, variantIndex: number | null, source: string): boolean {
    return (
      this.held(productId, variantIndex, source) === 0 && this.cartLines.size >= CART_LINES_MAX
    );
  }

  /**
   * Why `quantity` more units of this line cannot be added, in the cart's words, or null: the
   * rules apply to the line it makes, with what the cart and the plan already hold.
   */
  problem(
    product: ProductForPricing,
    variantIndex: number | null,
    source: string,
    quantity: number,
  ): PlanProblem | null {
    if (this.full(product.id, variantIndex, source))
      return {
        kind: 'invalid_data',
        code: 'cart_too_many_lines',
        message: CART_TOO_MANY_LINES_MESSAGE,
      };
    const total = this.held(product.id, variantIndex, source) + quantity;
    if (total > QUANTITY_MAX)
      return { kind: 'invalid_data', code: 'quantity_too_large', message: LINE_TOO_LARGE_MESSAGE };
    return lineQuantityProblem(
      product,
      variantIndex,
      total,
      this.othersOnRow(product, variantIndex, source),
    );
  }

  /** Plans `quantity` more units of this line (its checks already passed). */
  add(
    product: ProductForPricing,
    variantIndex: number | null,
    source: string,
    quantity: number,
  ): void {
    const line = { productId: product.id, variantIndex, source, quantity };
    this.record(line);
    this.planned.push(line);
    this.products.set(product.id, product);
  }

  get plannedLines(): readonly CartLine[] {
    return this.planned;
  }

  /**
   * Writes the planned lines in one statement, in the order planned (a cart lists its lines in
   * the order they came), each added to the line with its product, variant and source if the
   * cart holds one. Runs in the transaction that `lock`ed the plan; answers the cart's lines as
   * the write leaves them, with their products (for `cartOf`).
   */
  async commit(tx: Executor, userId: string): Promise<PricedLine[]> {
    await this.write(tx, userId);
    return [...this.cartLines.values()].map((line) => {
      const product = this.products.get(line.productId);
      if (!product) throw new Error('A plan that commits is read with `lock`');
      return { line, product };
    });
  }

  private async write(tx: Executor, userId: string): Promise<void> {
    const merged = new Map<string, CartLine>();
    for (const line of this.planned) {
      const key = lineKey(line.productId, line.variantIndex, line.source);
      const before = merged.get(key);
      // One row per key: ON CONFLICT may not touch a row twice in one statement.
      merged.set(key, { ...line, quantity: (before?.quantity ?? 0) + line.quantity });
    }
    const lines = [...merged.values()];
    if (lines.length === 0) return;
    const array = (values: unknown[], type: string) =>
      sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::${sql.raw(type)}[]`;
    await tx.execute(
      sql`INSERT INTO cart_lines (user_id, product_id, variant_index, source, quantity)
          SELECT ${userId}, w.product_id, w.variant_index, w.source, w.quantity
            FROM unnest(${array(
              lines.map((l) => l.productId),
              'text',
            )}, ${array(
              lines.map((l) => l.variantIndex),
              'smallint',
            )}, ${array(
              lines.map((l) => l.source),
              'text',
            )}, ${array(
              lines.map((l) => l.quantity),
              'integer',
            )}) WITH ORDINALITY AS w(product_id, variant_index, source, quantity, n)
           ORDER BY w.n
          ON CONFLICT ON CONSTRAINT cart_lines_key DO UPDATE
            SET quantity = cart_lines.quantity + excluded.quantity, updated_at = now()`,
    );
  }
}
