/**
 * Every export is checked against its committed schema before it is answered (decision 055):
 * the e-invoice against NIC's INV-01 schema, GSTR-1 against the offline tool's layout. A
 * document whose data the schema refuses (a legal name of two letters, a city the portal finds
 * too short) is answered 422 with each rule it breaks, instead of a file the portal would turn
 * away. Ajv compiles each schema once, at its first export: the validators' generated code (a
 * few hundred KB) is kept only by a server that exports.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import eInvoiceSchema from './schemas/e-invoice-inv01-v1.1.schema.json' with { type: 'json' };
import gstr1Schema from './schemas/gstr1-offline-tool-v3.2.4.schema.json' with { type: 'json' };

export interface Issue {
  /** Where in the file, dotted: 'SellerDtls.Loc', 'ItemList.2.HsnCd'. */
  path: string;
  code: string;
  message: string;
}

// strict: a keyword the schema misspells is an error at compilation (any test's export), not a
// rule silently skipped.
// multipleOfPrecision: 0.01 steps are checked on the quotient, so 1729.83 is two decimals.
// code.optimize off: the optimiser's passes build ~1,200 objects each keyed by one generated
// name (`_errs138`, `err499`), which fill V8's table of shapes grown from `{}` (1,536 at most);
// every object the server built from `{}` afterwards, a request's headers and Node's own tick
// objects, then got a shape of its own and every hot call site went megamorphic, ~10% of a
// cached read's CPU (decision 083). Unoptimised code checks the same rules.
let ajv: Ajv | undefined;

/** The schema's validator, compiled at its first use: Ajv keeps it by the schema object. */
const validatorOf = (schema: object): ValidateFunction =>
  (ajv ??= new Ajv({
    allErrors: true,
    strict: true,
    multipleOfPrecision: 6,
    code: { optimize: false },
  })).compile(schema);

function issuesAgainst(schema: object, json: unknown): Issue[] {
  const validate = validatorOf(schema);
  return validate(json) ? [] : issuesOf(validate.errors);
}

function issuesOf(errors: ErrorObject[] | null | undefined): Issue[] {
  return (errors ?? []).map((error) => {
    const path = error.instancePath.slice(1).replace(/\//g, '.') || '(file)';
    const detail =
      error.keyword === 'required'
        ? `needs ${String((error.params as { missingProperty: string }).missingProperty)}`
        : (error.message ?? 'is not valid');
    return { path, code: `schema_${error.keyword}`, message: `${path} ${detail}` };
  });
}

/** The rules of NIC's INV-01 schema (v1.1) the JSON breaks; empty when it is valid. */
export function eInvoiceSchemaIssues(json: unknown): Issue[] {
  return issuesAgainst(eInvoiceSchema, json);
}

/** The rules of the GSTR-1 layout the JSON breaks; empty when it is valid. */
export function gstr1SchemaIssues(json: unknown): Issue[] {
  return issuesAgainst(gstr1Schema, json);
}
