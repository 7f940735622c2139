// The tests' reader of the API's CSV exports (lib/csv.ts).
/** RFC 4180 with `;` between values: quoted values may hold `;`, quotes (doubled) and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { value += '"'; i += 1; } else if (c === '"') quoted = false;
      else value += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') { row.push(value); value = ''; } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(value); rows.push(row); row = []; value = ''; i += 1;
    } else value += c;
  }
  if (value || row.length) { row.push(value); rows.push(row); }
  return rows;
}
