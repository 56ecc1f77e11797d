const FORMULA_START = /^[=+\-@\t\r]/;
const defused = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * One CSV cell. Spreadsheets run a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a
 * formula (CSV injection), so such text gets a leading `'`; a list is joined with `;` after defusing each item
 * (spreadsheets set to split on `;` would make each its own cell). Then the cell is quoted when it holds a comma,
 * quote or line break.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = Array.isArray(value) ? value.map((item) => defused(String(item))).join(';') : String(value);
  const cell = defused(text);
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}
