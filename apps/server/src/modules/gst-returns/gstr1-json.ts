/**
 * GSTR-1 as the GST portal's Returns Offline Tool writes its upload file (V3.2.4; decision
 * 055, schemas/README.md): gstin, fp (MMYYYY), version, hash ("hash"), then the tables, an empty
 * table left out; dates dd-mm-yyyy; rupees as numbers with at most two decimals, each made once
 * from a sum of paise; per item the heads the supply has (IGST, or CGST and SGST/UTGST), cess 0.
 */
import type {
  B2csRow,
  DocumentEntry,
  Gstr1Model,
  HsnRow,
  NoteTable,
  RateFigures,
} from './gstr1.js';
import { byPlaceOfSupply, byRecipient } from './gstr1.js';

/** The offline tool's version whose upload layout this follows. */
export const OFFLINE_TOOL_VERSION = 'GST3.2.4';

/** Paise as rupees: one division of an integer, so 172983 → 1729.83 exactly as written. */
export const rupees = (paise: number) => paise / 100;

/** A rate in basis points as the portal's per cent: 1800 → 18, 25 → 0.25. */
export const percent = (rateBp: number) => rateBp / 100;

/** 'YYYY-MM-DD' → 'dd-mm-yyyy'. */
export const portalDate = (date: string) =>
  `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

interface ItemDetail {
  txval: number;
  rt: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}

/** The heads an item carries: IGST alone across states, else CGST and SGST/UTGST (IGST 0). */
function itemDetail(figures: RateFigures, inter: boolean): ItemDetail {
  return inter
    ? {
        txval: rupees(figures.taxablePaise),
        rt: percent(figures.rateBp),
        iamt: rupees(figures.igstPaise),
        csamt: 0,
      }
    : {
        txval: rupees(figures.taxablePaise),
        rt: percent(figures.rateBp),
        iamt: 0,
        camt: rupees(figures.cgstPaise),
        samt: rupees(figures.sgstPaise),
        csamt: 0,
      };
}

const numbered = (entry: DocumentEntry) =>
  entry.items.map((figures, index) => ({
    num: index + 1,
    itm_det: itemDetail(figures, entry.supplyType === 'inter'),
  }));

const integrated = (figures: RateFigures) => ({
  txval: rupees(figures.taxablePaise),
  rt: percent(figures.rateBp),
  iamt: rupees(figures.igstPaise),
  csamt: 0,
});

const yesNo = (value: boolean) => (value ? 'Y' : 'N');

function b2bInvoice(entry: DocumentEntry) {
  return {
    inum: entry.number,
    idt: portalDate(entry.issueDate),
    val: rupees(entry.valuePaise),
    pos: entry.placeOfSupply.code,
    rchrg: yesNo(entry.reverseCharge),
    inv_typ: 'R',
    itms: numbered(entry),
  };
}

function cdnrNote(entry: DocumentEntry) {
  return {
    ntty: 'C',
    nt_num: entry.number,
    nt_dt: portalDate(entry.issueDate),
    val: rupees(entry.valuePaise),
    pos: entry.placeOfSupply.code,
    rchrg: yesNo(entry.reverseCharge),
    inv_typ: 'R',
    itms: numbered(entry),
  };
}

function cdnurNote(entry: DocumentEntry & { urType: NoteTable }) {
  return {
    typ: entry.urType,
    ntty: 'C',
    nt_num: entry.number,
    nt_dt: portalDate(entry.issueDate),
    val: rupees(entry.valuePaise),
    ...(entry.urType === 'B2CL' ? { pos: entry.placeOfSupply.code } : {}),
    itms: entry.items.map((figures, index) => ({ num: index + 1, itm_det: integrated(figures) })),
  };
}

function b2csRow(row: B2csRow) {
  const figures = itemDetail(row, row.supplyType === 'INTER');
  return {
    sply_ty: row.supplyType,
    pos: row.placeOfSupply.code,
    typ: 'OE',
    rt: figures.rt,
    txval: figures.txval,
    ...(row.supplyType === 'INTER'
      ? { iamt: figures.iamt }
      : { camt: figures.camt, samt: figures.samt }),
    csamt: 0,
  };
}

function hsnRows(rows: readonly HsnRow[]) {
  return rows.map((row, index) => ({
    num: index + 1,
    hsn_sc: row.hsn,
    desc: row.description,
    uqc: row.uqc,
    qty: row.quantity,
    rt: percent(row.rateBp),
    txval: rupees(row.taxablePaise),
    iamt: rupees(row.igstPaise),
    camt: rupees(row.cgstPaise),
    samt: rupees(row.sgstPaise),
    csamt: 0,
  }));
}

/** The upload file's object; serialise with JSON.stringify. */
export function gstr1Json(model: Gstr1Model): Record<string, unknown> {
  const json: Record<string, unknown> = {
    gstin: model.gstin,
    fp: model.fp,
    version: OFFLINE_TOOL_VERSION,
    hash: 'hash',
  };
  if (model.b2b.length)
    json.b2b = byRecipient(model.b2b).map(([ctin, entries]) => ({
      ctin,
      inv: entries.map(b2bInvoice),
    }));
  if (model.b2cl.length)
    json.b2cl = byPlaceOfSupply(model.b2cl).map(([pos, entries]) => ({
      pos,
      inv: entries.map((entry) => ({
        inum: entry.number,
        idt: portalDate(entry.issueDate),
        val: rupees(entry.valuePaise),
        itms: entry.items.map((figures, index) => ({
          num: index + 1,
          itm_det: integrated(figures),
        })),
      })),
    }));
  if (model.b2cs.length) json.b2cs = model.b2cs.map(b2csRow);
  if (model.exp.length)
    json.exp = [
      {
        exp_typ: 'WPAY',
        inv: model.exp.map((entry) => ({
          inum: entry.number,
          idt: portalDate(entry.issueDate),
          val: rupees(entry.valuePaise),
          itms: entry.items.map(integrated),
        })),
      },
    ];
  if (model.cdnr.length)
    json.cdnr = byRecipient(model.cdnr).map(([ctin, entries]) => ({
      ctin,
      nt: entries.map(cdnrNote),
    }));
  if (model.cdnur.length) json.cdnur = model.cdnur.map(cdnurNote);
  if (model.hsnB2b.length || model.hsnB2c.length)
    json.hsn = {
      ...(model.hsnB2b.length ? { hsn_b2b: hsnRows(model.hsnB2b) } : {}),
      ...(model.hsnB2c.length ? { hsn_b2c: hsnRows(model.hsnB2c) } : {}),
    };
  return json;
}
