/**
 * CSV as a spreadsheet reads it (RFC 4180), for the tests and journeys that read the server's CSV
 * downloads: quoted fields may hold commas, quotes (doubled) and line breaks; every line ends in
 * CRLF (a bare line break or a last line without one is an error).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else if (c === '\n' || c === '\r') throw new Error(`a bare line break at ${i}`);
    else cell += c;
  }
  if (cell !== '' || row.length) throw new Error('the last line has no CRLF');
  return rows;
}
