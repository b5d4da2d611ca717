// The listing's photos: swipe on phones (scroll snap), arrow buttons and a counter everywhere.
import { useRef, useState } from 'react'
import type { StoragePhoto } from '@contract/storage'
import { ListingPhoto } from './listing-photo'

export function PhotoGallery({ photos, title }: { photos: StoragePhoto[]; title: string }) {
  const strip = useRef<HTMLDivElement>(null)
  const [index, setIndex] = useState(0)
  if (photos.length === 0) {
    return <div className="grid aspect-[3/2] place-items-center rounded-2xl bg-stone-100 text-stone-600 sm:aspect-[2/1]">No photos yet</div>
  }
  const go = (i: number) => {
    const el = strip.current
    if (!el) return
    const next = (i + photos.length) % photos.length
    el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' })
  }
  return (
    <div className="relative overflow-hidden rounded-2xl bg-stone-100" aria-roledescription="carousel" aria-label={`Photos of ${title}`}>
      <div
        ref={strip}
        data-testid="gallery"
        // Focusable, so the arrow keys scroll it too (the buttons show from sm up only): axe scrollable-region-focusable.
        tabIndex={0}
        role="group"
        aria-label={`${photos.length} photos, scroll for more`}
        className="flex aspect-[3/2] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 snap-x snap-mandatory overflow-x-auto scroll-smooth [scrollbar-width:none] sm:aspect-[5/2] [&::-webkit-scrollbar]:hidden"
        onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
      >
        {photos.map((p, i) => (
          <ListingPhoto
            key={p.id}
            src={p.url}
            srcSet={`${p.thumbUrl} 480w, ${p.url} ${p.width}w`}
            sizes="(min-width: 1024px) 700px, 100vw"
            alt={`${title}, photo ${i + 1} of ${photos.length}`}
            loading={i === 0 ? 'eager' : 'lazy'}
            className="h-full w-full flex-none snap-center object-cover"
          />
        ))}
      </div>
      {photos.length > 1 && (
        <>
          <button
            aria-label="Previous photo"
            className="absolute top-1/2 left-2 hidden h-9 w-9 -translate-y-1/2 rounded-full bg-white/90 text-xl shadow sm:grid sm:place-items-center"
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <button
            aria-label="Next photo"
            className="absolute top-1/2 right-2 hidden h-9 w-9 -translate-y-1/2 rounded-full bg-white/90 text-xl shadow sm:grid sm:place-items-center"
            onClick={() => go(index + 1)}
          >
            ›
          </button>
          <span className="absolute right-3 bottom-3 rounded-full bg-stone-900/70 px-2.5 py-0.5 text-xs font-medium text-white">
            {index + 1} / {photos.length}
          </span>
        </>
      )}
    </div>
  )
}
