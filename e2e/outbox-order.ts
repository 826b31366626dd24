/**
 * The .eml files of DATA_DIR/outbox in the order they were written. Their names start with the
 * outbox row id (`{id}-{kind}.eml`, modules/email/transport.ts), so '10-…' comes after '9-…':
 * sorted as numbers, not as text.
 */
export function emlFilesInOrder(names: readonly string[]): string[] {
  const id = (name: string) => Number(/^(\d+)-/.exec(name)?.[1] ?? Number.NaN);
  return names
    .filter((name) => name.endsWith('.eml'))
    .sort((a, b) => id(a) - id(b) || a.localeCompare(b));
}
