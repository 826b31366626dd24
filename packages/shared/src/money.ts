/** Money is integer paise everywhere; rupees appear only at the edges (API fields, display). */

const inrFormat = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹ with Indian digit grouping and 2 decimals: 12345600 paise → '₹1,23,456.00' (decisions.md #2). */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  return `${sign}₹${inrFormat.format(Math.abs(paise) / 100)}`;
}

/** Paise → rupees as a number with at most 2 decimals, for the API's rupee fields. */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees (possibly fractional) → integer paise, rounded half away from zero. */
export function rupeesToPaise(rupees: number): number {
  const paise = Math.round(Math.abs(rupees) * 100 + Number.EPSILON * 100);
  return rupees < 0 ? -paise : paise;
}
