import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve conflicting Tailwind utilities (tailwind-merge would
 * add 9 KB gzipped to every route): a component's own classes and the ones a caller passes
 * never set the same property; sizes a caller may change are props with defaults instead
 * (ProductImage `box`, OrderStatusIcon `className`, Button `size`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
