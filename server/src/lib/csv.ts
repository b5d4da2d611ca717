// CSV for spreadsheets (RFC 4180): every cell quoted, and a cell that a spreadsheet would run as a
// formula (=, +, -, @, tab, carriage return first) prefixed with ' so it stays text.
export function csvCell(value: unknown): string {
  let text = value == null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

export const csvRow = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`
