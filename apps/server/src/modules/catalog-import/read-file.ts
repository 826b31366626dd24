/**
 * Reads an import file a product at a time (decision 051), never the whole file: CSV through
 * csv-parse's stream (RFC 4180, quoted cells over several lines), JSON Lines through Node's own
 * line reader, one `ProductDocument` a line. A 100,000-product file holds one product in memory
 * at a time, plus the parser's buffer.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { ProductDocument } from '@storefront/shared/catalog-product';
import {
  ProductAssembler,
  readHeader,
  type ImportedProduct,
  type ImportFormat,
  type RowIssue,
} from '@storefront/shared/catalog-transfer';

/** One product of the file, as read: what the file gives, and where its issues are. */
export interface FileProduct {
  code: string;
  row: number;
  /** CSV: the fields the row gives (completed against the stored product in the batch). */
  imported?: ImportedProduct;
  /** JSON Lines: the whole document. */
  document?: ProductDocument;
  /** What could not be read (the product is then in error, whatever else holds). */
  issues: RowIssue[];
  /** The line (`row`) is the place of a JSON Lines issue, its path the column. */
  jsonl: boolean;
}

/** A problem that stops the reading (a header in error, a malformed file): reported at `row`. */
export class FileUnreadable extends Error {
  constructor(readonly issues: RowIssue[]) {
    super(issues.map((i) => i.message).join('; '));
  }
}

/** The largest CSV record (row) or JSON line read: a real one is a few kilobytes. */
const MAX_RECORD_BYTES = 1024 * 1024;

const blank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

async function* readCsv(
  path: string,
  onBytes: (bytes: number) => void,
): AsyncGenerator<FileProduct> {
  const file = createReadStream(path);
  let bytes = 0;
  file.on('data', (chunk) => onBytes((bytes += chunk.length)));
  const records = file.pipe(
    parse({ bom: true, relax_column_count: true, max_record_size: MAX_RECORD_BYTES }),
  );
  let assembler: ProductAssembler | undefined;
  let row = 0;
  try {
    for await (const cells of records as AsyncIterable<string[]>) {
      row += 1;
      if (!assembler) {
        const { header, issues } = readHeader(cells);
        if (!header) throw new FileUnreadable(issues.map((issue) => ({ row: 1, ...issue })));
        assembler = new ProductAssembler(header);
        continue;
      }
      if (blank(cells)) continue;
      const product = assembler.add(cells, row);
      if (product) yield fromImported(product);
    }
  } catch (error) {
    if (error instanceof FileUnreadable) throw error;
    const csv = error as { code?: string; message: string; lines?: number };
    if (!csv.code?.startsWith('CSV_')) throw error;
    throw new FileUnreadable([
      { row: row + 1, column: null, code: 'csv_malformed', message: csv.message },
    ]);
  } finally {
    file.destroy();
  }
  if (!assembler)
    throw new FileUnreadable([
      { row: 1, column: null, code: 'file_empty', message: 'The file is empty: no header row' },
    ]);
  const last = assembler.end();
  if (last) yield fromImported(last);
}

function fromImported(product: ImportedProduct): FileProduct {
  return { code: product.code, row: product.row, imported: product, issues: [], jsonl: false };
}

async function* readJsonLines(
  path: string,
  onBytes: (bytes: number) => void,
): AsyncGenerator<FileProduct> {
  const file = createReadStream(path);
  let bytes = 0;
  file.on('data', (chunk) => onBytes((bytes += chunk.length)));
  // The line reader would hold a line of any length: a line longer than a product can be is
  // refused before it is buffered.
  let sinceNewline = 0;
  const capped = file.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        const first = chunk.indexOf(10);
        const long =
          first === -1
            ? sinceNewline + chunk.length > MAX_RECORD_BYTES
            : sinceNewline + first > MAX_RECORD_BYTES;
        sinceNewline =
          first === -1 ? sinceNewline + chunk.length : chunk.length - chunk.lastIndexOf(10) - 1;
        if (long) done(new LineTooLong());
        else done(null, chunk);
      },
    }),
  );
  const lines = createInterface({ input: capped, crlfDelay: Infinity });
  let row = 0;
  try {
    for await (const line of lines) {
      row += 1;
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line.replace(/^\uFEFF/, ''));
      } catch (error) {
        yield invalidLine(row, undefined, 'json_invalid', `Not JSON: ${(error as Error).message}`);
        continue;
      }
      const rawCode = (value as { code?: unknown } | null)?.code;
      const code = typeof rawCode === 'string' ? rawCode.trim() : '';
      const parsed = ProductDocument.safeParse(value);
      if (!parsed.success) {
        const product = invalidLine(row, code, 'invalid', '');
        product.issues = parsed.error.issues.map((issue) => ({
          row,
          column: issue.path.join('.') || null,
          code: issue.code,
          message: issue.message,
        }));
        yield product;
        continue;
      }
      yield { code: parsed.data.code, row, document: parsed.data, issues: [], jsonl: true };
    }
  } catch (error) {
    if (!(error instanceof LineTooLong)) throw error;
    throw new FileUnreadable([
      {
        row: row + 1,
        column: null,
        code: 'line_too_long',
        message: `Line ${row + 1} is longer than ${MAX_RECORD_BYTES / 1024 / 1024} MB: one product a line`,
      },
    ]);
  } finally {
    lines.close();
    file.destroy();
  }
}

class LineTooLong extends Error {}

function invalidLine(row: number, code: string | undefined, issue: string, message: string) {
  const product: FileProduct = { code: code ?? '', row, issues: [], jsonl: true };
  if (message) product.issues.push({ row, column: null, code: issue, message });
  return product;
}

/** The products of the file at `path`, in its order; `onBytes` hears the bytes read so far. */
export function readImportFile(
  path: string,
  format: ImportFormat,
  onBytes: (bytes: number) => void = () => {},
): AsyncGenerator<FileProduct> {
  return format === 'csv' ? readCsv(path, onBytes) : readJsonLines(path, onBytes);
}
