/**
 * The committed schemas, compiled afresh for the tests (decision 055): a test checks an export
 * with its own Ajv, read from the file in the repository, so it holds even if the server's own
 * check (schema-validation.ts) were bypassed. Only the tests import it.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

const load = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../modules/gst-returns/schemas/${name}`, import.meta.url), 'utf8'),
  ) as object;

const ajv = new Ajv({ allErrors: true, strict: true, multipleOfPrecision: 6 });
export const eInvoiceSchema: ValidateFunction = ajv.compile(
  load('e-invoice-inv01-v1.1.schema.json'),
);
export const gstr1Schema: ValidateFunction = ajv.compile(
  load('gstr1-offline-tool-v3.2.4.schema.json'),
);

/** The schema's errors, readable in a failed expectation; [] when the JSON is valid. */
export function schemaErrors(validate: ValidateFunction, json: unknown): string[] {
  return validate(json)
    ? []
    : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}
