/**
 * Algolia's three filter forms — `facetFilters` (nested OR arrays of "attribute:value"),
 * `numericFilters` ("sp>=100", "sp:100 TO 2000") and the `filters` expression language
 * (`category:"Home & Kitchen" AND (sp < 500 OR NOT pd_brand:Generic)`) — parsed into one tree
 * and compiled to SQL over `product_search ps`. Values only ever reach SQL as parameters.
 *
 * Each form is bounded before it is parsed (FILTER_LIMITS, issue 17): its length, the nesting
 * of the expression (the parser recurses once per level) and the nodes of the whole tree (the
 * size of the SQL); past a bound, a 400 like any other malformed filter.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_FACETS,
  SEARCH_NUMERIC_ATTRIBUTES,
  type SearchFacet,
} from '@storefront/shared/search';
import { badRequest } from './search-error.js';

type NumericOperator = '<' | '<=' | '=' | '!=' | '>=' | '>';

export type FilterNode =
  | { type: 'and' | 'or'; items: FilterNode[] }
  | { type: 'not'; item: FilterNode }
  | { type: 'facet'; attribute: SearchFacet; value: string }
  | { type: 'numeric'; op: NumericOperator; value: number }
  | { type: 'range'; from: number; to: number };

const NUMERIC_OPERATORS: readonly NumericOperator[] = ['<=', '>=', '!=', '<', '>', '='];

/**
 * What the filters of one query may be. The web app sends none; an InstantSearch page with a
 * refinement list, a menu and a price range sends a tree of ~30 nodes, 2–3 deep, in ~1 KB.
 */
export const FILTER_LIMITS = {
  /** Characters of one filter parameter (all its strings, for the array forms). */
  length: 4096,
  /** Conditions, ANDs, ORs and NOTs of the three parameters together. */
  nodes: 200,
  /** Parentheses and NOTs nested in a `filters` expression. */
  depth: 10,
} as const;

function checkLength(length: number, where: string): void {
  if (length > FILTER_LIMITS.length) {
    throw badRequest(`Invalid ${where}: longer than ${FILTER_LIMITS.length} characters`);
  }
}

/** The whole filter of a query: at most FILTER_LIMITS.nodes nodes. */
export function checkSize(node: FilterNode): void {
  let nodes = 0;
  const pending: FilterNode[] = [node];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (++nodes > FILTER_LIMITS.nodes) {
      throw badRequest(
        `Filters too complex: at most ${FILTER_LIMITS.nodes} conditions and operators`,
      );
    }
    if (next.type === 'and' || next.type === 'or') pending.push(...next.items);
    else if (next.type === 'not') pending.push(next.item);
  }
}

function facetAttribute(name: string, where: string): SearchFacet {
  if ((SEARCH_FACETS as readonly string[]).includes(name)) return name as SearchFacet;
  throw badRequest(
    `Invalid ${where}: attribute "${name}" is not a facet (use ${SEARCH_FACETS.join(', ')})`,
  );
}

function numericAttribute(name: string, where: string): void {
  if (!(SEARCH_NUMERIC_ATTRIBUTES as readonly string[]).includes(name)) {
    throw badRequest(`Invalid ${where}: attribute "${name}" is not numeric (use sp)`);
  }
}

function number(text: string, where: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) {
    throw badRequest(`Invalid ${where}: "${text}" is not a number`);
  }
  return value;
}

export const and = (items: FilterNode[]): FilterNode | undefined =>
  items.length === 0 ? undefined : items.length === 1 ? items[0] : { type: 'and', items };

/** One "attribute:value" of facetFilters; a leading '-' negates, '\-' is a literal dash. */
function facetFilter(text: string): FilterNode {
  const colon = text.indexOf(':');
  if (colon <= 0) throw badRequest(`Invalid facetFilters: "${text}" is not attribute:value`);
  const attribute = facetAttribute(text.slice(0, colon).trim(), 'facetFilters');
  let value = text.slice(colon + 1);
  const negated = value.startsWith('-');
  if (negated) value = value.slice(1);
  else if (value.startsWith('\\-')) value = value.slice(1);
  const node: FilterNode = { type: 'facet', attribute, value };
  return negated ? { type: 'not', item: node } : node;
}

/** One "sp>=100" or "sp:100 TO 200" of numericFilters. */
function numericFilter(text: string): FilterNode {
  const range = /^\s*([A-Za-z_]\w*)\s*:\s*(\S+)\s+TO\s+(\S+)\s*$/.exec(text);
  if (range) {
    numericAttribute(range[1]!, 'numericFilters');
    return {
      type: 'range',
      from: number(range[2]!, 'numericFilters'),
      to: number(range[3]!, 'numericFilters'),
    };
  }
  const comparison = /^\s*([A-Za-z_]\w*)\s*(<=|>=|!=|<|>|=)\s*(\S+)\s*$/.exec(text);
  if (!comparison) throw badRequest(`Invalid numericFilters: "${text}"`);
  numericAttribute(comparison[1]!, 'numericFilters');
  return {
    type: 'numeric',
    op: comparison[2] as NumericOperator,
    value: number(comparison[3]!, 'numericFilters'),
  };
}

/**
 * facetFilters / numericFilters: a list whose items are ANDed, an item being a filter or a
 * list of filters ORed together. A bare string is one filter (numericFilters also splits on
 * commas, as Algolia's legacy string form does).
 */
export function listFilters(
  input: unknown,
  kind: 'facetFilters' | 'numericFilters',
): FilterNode | undefined {
  const one = kind === 'facetFilters' ? facetFilter : numericFilter;
  if (input === undefined || input === null || input === '') return undefined;
  if (typeof input === 'string') {
    checkLength(input.length, kind);
    const trimmed = input.trim();
    if (trimmed.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        throw badRequest(`Invalid ${kind}: not a JSON array`);
      }
      return listFilters(parsed, kind);
    }
    return and((kind === 'numericFilters' ? trimmed.split(',') : [trimmed]).map(one));
  }
  if (!Array.isArray(input)) throw badRequest(`Invalid ${kind}: expected an array`);
  const groups = input.map((item: unknown): string[] => {
    if (typeof item === 'string') return [item];
    if (Array.isArray(item) && item.every((i) => typeof i === 'string')) return item;
    throw badRequest(`Invalid ${kind}: expected strings or arrays of strings`);
  });
  checkLength(
    groups.reduce((sum, group) => group.reduce((n, text) => n + text.length, sum), 0),
    kind,
  );
  return and(
    groups.map((group): FilterNode => {
      const alternatives = group.map(one);
      return alternatives.length === 1 ? alternatives[0]! : { type: 'or', items: alternatives };
    }),
  );
}

// ── The `filters` expression language ──────────────────────────────────────

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'op'; text: NumericOperator | ':' }
  | { kind: '(' | ')' };

/** A word: anything up to a space, a parenthesis, a quote or an operator's character. */
const WORD = /[^\s()"':<>=!]+/y;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: c });
      i++;
    } else if (c === '"' || c === "'") {
      let text = '';
      i++;
      while (i < input.length && input[i] !== c) {
        if (input[i] === '\\' && i + 1 < input.length) i++;
        text += input[i];
        i++;
      }
      if (i >= input.length) throw badRequest('Invalid filters: unterminated string');
      i++;
      tokens.push({ kind: 'string', text });
    } else {
      const op = [...NUMERIC_OPERATORS, ':' as const].find((o) => input.startsWith(o, i));
      if (op) {
        tokens.push({ kind: 'op', text: op });
        i += op.length;
      } else {
        WORD.lastIndex = i;
        // Only a '!' not followed by '=' is neither an operator nor part of a word.
        const word = WORD.exec(input)?.[0];
        if (word === undefined) throw badRequest(`Invalid filters: unexpected "${c}"`);
        tokens.push({ kind: 'word', text: word });
        i += word.length;
      }
    }
  }
  return tokens;
}

/**
 * Recursive descent: or := and (OR and)*; and := unary (AND unary)*; unary := NOT unary | atom.
 * Each parenthesis and NOT nests one level, at most FILTER_LIMITS.depth.
 */
export function parseFilters(input: string): FilterNode | undefined {
  checkLength(input.length, 'filters');
  if (input.trim() === '') return undefined;
  const tokens = tokenize(input);
  let at = 0;
  let depth = 0;
  const peek = () => tokens[at];
  const isWord = (text: string) => {
    const t = peek();
    return t?.kind === 'word' && t.text === text;
  };
  const fail = (why: string): never => {
    throw badRequest(`Invalid filters: ${why}`);
  };
  const nest = <T>(parse: () => T): T => {
    if (++depth > FILTER_LIMITS.depth) fail(`nested deeper than ${FILTER_LIMITS.depth} levels`);
    const result = parse();
    depth--;
    return result;
  };

  function value(): string {
    const t = tokens[at++];
    if (t?.kind === 'word' || t?.kind === 'string') return t.text;
    return fail('expected a value');
  }

  function atom(): FilterNode {
    const t = tokens[at++];
    if (t?.kind === '(') {
      const inner = nest(or);
      if (tokens[at++]?.kind !== ')') fail('missing ")"');
      return inner;
    }
    if (t?.kind !== 'word' && t?.kind !== 'string') return fail('expected attribute');
    const attribute = t.text;
    const op = tokens[at++];
    if (op?.kind !== 'op') return fail(`expected ":" or a comparison after "${attribute}"`);
    if (op.text === ':') {
      const first = value();
      if (isWord('TO')) {
        at++;
        numericAttribute(attribute, 'filters');
        return { type: 'range', from: number(first, 'filters'), to: number(value(), 'filters') };
      }
      if ((SEARCH_NUMERIC_ATTRIBUTES as readonly string[]).includes(attribute)) {
        return { type: 'numeric', op: '=', value: number(first, 'filters') };
      }
      return { type: 'facet', attribute: facetAttribute(attribute, 'filters'), value: first };
    }
    numericAttribute(attribute, 'filters');
    return { type: 'numeric', op: op.text, value: number(value(), 'filters') };
  }

  function unary(): FilterNode {
    if (isWord('NOT')) {
      at++;
      return { type: 'not', item: nest(unary) };
    }
    return atom();
  }

  function conjunction(): FilterNode {
    const items = [unary()];
    while (isWord('AND')) {
      at++;
      items.push(unary());
    }
    return items.length === 1 ? items[0]! : { type: 'and', items };
  }

  function or(): FilterNode {
    const items = [conjunction()];
    while (isWord('OR')) {
      at++;
      items.push(conjunction());
    }
    return items.length === 1 ? items[0]! : { type: 'or', items };
  }

  const tree = or();
  if (at < tokens.length) fail('unexpected input after the expression');
  return tree;
}

// ── SQL ─────────────────────────────────────────────────────────────────────

/** Rupees to whole paise on the side that keeps the comparison exact (sp_paise is an integer). */
function paise(rupees: number, round: 'up' | 'down'): number {
  const exact = Math.round(rupees * 100 * 1e6) / 1e6;
  return round === 'up' ? Math.ceil(exact) : Math.floor(exact);
}

function numericSql(op: NumericOperator, rupees: number): SQL {
  const exact = Math.round(rupees * 100 * 1e6) / 1e6;
  switch (op) {
    case '<':
      return sql`ps.sp_paise < ${paise(rupees, 'up')}`;
    case '<=':
      return sql`ps.sp_paise <= ${paise(rupees, 'down')}`;
    case '>':
      return sql`ps.sp_paise > ${paise(rupees, 'down')}`;
    case '>=':
      return sql`ps.sp_paise >= ${paise(rupees, 'up')}`;
    case '=':
      return Number.isInteger(exact) ? sql`ps.sp_paise = ${exact}` : sql`FALSE`;
    case '!=':
      return Number.isInteger(exact) ? sql`ps.sp_paise <> ${exact}` : sql`TRUE`;
  }
}

/** Facet values match case-insensitively, as Algolia's do. */
function facetSql(attribute: SearchFacet, value: string): SQL {
  switch (attribute) {
    case 'category':
      return sql`ps.category_id IN (SELECT id FROM categories WHERE lower(name) = lower(${value}))`;
    case 'subcategory':
      return sql`ps.subcategory_id IN (SELECT id FROM subcategories WHERE lower(name) = lower(${value}))`;
    case 'pd_brand':
      return sql`lower(ps.brand) = lower(${value})`;
  }
}

export function filterSql(node: FilterNode): SQL {
  switch (node.type) {
    case 'and':
    case 'or':
      return sql`(${sql.join(
        node.items.map(filterSql),
        node.type === 'and' ? sql` AND ` : sql` OR `,
      )})`;
    case 'not':
      return sql`NOT ${filterSql(node.item)}`;
    case 'facet':
      return facetSql(node.attribute, node.value);
    case 'numeric':
      return numericSql(node.op, node.value);
    case 'range':
      return sql`ps.sp_paise BETWEEN ${paise(node.from, 'up')} AND ${paise(node.to, 'down')}`;
  }
}
