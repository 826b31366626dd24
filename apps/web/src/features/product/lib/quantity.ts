/**
 * Product-page quantity rules (spec §4, §5): at least 1; a non-number or a value below 1 resets
 * to 1. An emptied box is held empty while the buyer types and becomes 1 when they leave it.
 */
import { QUANTITY_MAX, QUANTITY_MIN } from '@storefront/shared/constants';

export type QuantityInput = { kind: 'empty' } | { kind: 'value'; quantity: number };

export function parseQuantityInput(text: string): QuantityInput {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!/^\d+$/.test(trimmed)) return { kind: 'value', quantity: QUANTITY_MIN };
  const value = Number(trimmed);
  if (value < QUANTITY_MIN) return { kind: 'value', quantity: QUANTITY_MIN };
  return { kind: 'value', quantity: Math.min(value, QUANTITY_MAX) };
}

export function clampQuantity(value: number): number {
  if (!Number.isInteger(value) || value < QUANTITY_MIN) return QUANTITY_MIN;
  return Math.min(value, QUANTITY_MAX);
}
