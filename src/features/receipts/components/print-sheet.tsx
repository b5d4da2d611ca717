// What makes a receipt or a statement print as a clean A4 document: the page size and margins, the
// app's header, navigation, footer and bottom bar left out, and the sheet's own frame dropped. Rendered
// only by those pages, so nothing else prints differently.
import type { ReactNode } from 'react'

const PRINT_CSS = `
@page { size: A4; margin: 14mm 16mm; }
@media print {
  html, body { background: #fff !important; }
  #root div:has(> #main) { display: block !important; min-height: 0 !important; padding-bottom: 0 !important; }
  #root div:has(> #main) > :not(#main), body > :not(#root), .print-hide { display: none !important; }
  #main { min-height: 0 !important; }
  .print-sheet { margin: 0 !important; padding: 0 !important; max-width: none !important; border: 0 !important; box-shadow: none !important; border-radius: 0 !important; }
  .print-page { padding: 0 !important; margin: 0 !important; max-width: none !important; }
  .print-keep { break-inside: avoid; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`

/** The page around a printable sheet: a toolbar on screen (back link, Print), the sheet, and the print rules. */
export function PrintPage({ toolbar, children, testId }: { toolbar: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="print-page mx-auto max-w-3xl px-3 py-4 sm:px-4 sm:py-8" data-testid={testId}>
      <style>{PRINT_CSS}</style>
      <div className="print-hide mb-4 flex flex-wrap items-center justify-between gap-3">{toolbar}</div>
      {children}
    </div>
  )
}

export function PrintButton({ label = 'Print / Download PDF' }: { label?: string }) {
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()} data-testid="print-button">
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M5 2.75A.75.75 0 0 1 5.75 2h8.5a.75.75 0 0 1 .75.75V6h.25A2.75 2.75 0 0 1 18 8.75v4.5A1.75 1.75 0 0 1 16.25 15H15v2.25a.75.75 0 0 1-.75.75h-8.5a.75.75 0 0 1-.75-.75V15H3.75A1.75 1.75 0 0 1 2 13.25v-4.5A2.75 2.75 0 0 1 4.75 6H5V2.75ZM13.5 6V3.5h-7V6h7Zm-7 7.5v3h7v-3h-7Z" />
      </svg>
      {label}
    </button>
  )
}

/** The wordmark printed at the top of a document. */
export function DocumentBrand({ website, email }: { website: string; email: string }) {
  return (
    <div>
      <p className="flex items-center gap-2 text-xl font-bold tracking-tight text-brand-800">
        <svg viewBox="0 0 512 512" className="size-8" aria-hidden="true" focusable="false">
          <rect width="512" height="512" rx="112" fill="#0f766e" />
          <path d="M256 104 96 224v184h120V312h80v96h120V224z" fill="#fff" />
          <rect x="216" y="312" width="80" height="96" fill="#f59e0b" />
        </svg>
        Nookshare
      </p>
      <p className="mt-1 text-xs text-stone-500">
        {website} · {email}
      </p>
    </div>
  )
}
