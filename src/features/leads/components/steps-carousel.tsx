// How It Works: a grid of steps on wide screens, a swipeable carousel with previous/next buttons and
// dots on small ones (index wraps both ways).
import { useRef, useState, type ReactNode } from 'react'
import { swipeDirection, wrapIndex } from '../lib/carousel-index'

export interface Step {
  title: string
  text: string
  icon: ReactNode
}

function StepCard({ step, n }: { step: Step; n: number }) {
  return (
    <div className="card h-full p-6">
      <div className="flex items-center gap-3">
        <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700" aria-hidden>
          {step.icon}
        </span>
        <span className="text-sm font-semibold text-brand-800">Step {n}</span>
      </div>
      <h3 className="mt-4 text-lg font-bold text-stone-900">{step.title}</h3>
      <p className="mt-2 leading-relaxed text-stone-700">{step.text}</p>
    </div>
  )
}

const Arrow = ({ flip }: { flip?: boolean }) => (
  <svg aria-hidden viewBox="0 0 20 20" className={`h-5 w-5 ${flip ? 'rotate-180' : ''}`} fill="currentColor">
    <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0Z" />
  </svg>
)

export function StepsCarousel({ steps, label }: { steps: readonly Step[]; label: string }) {
  const [index, setIndex] = useState(0)
  const start = useRef<{ x: number; y: number } | null>(null)
  const go = (i: number) => setIndex(wrapIndex(i, steps.length))

  return (
    <>
      <ol className="hidden gap-6 md:grid md:grid-cols-3">
        {steps.map((s, i) => (
          <li key={s.title}>
            <StepCard step={s} n={i + 1} />
          </li>
        ))}
      </ol>
      <div className="md:hidden" role="region" aria-roledescription="carousel" aria-label={label}>
        <div
          className="overflow-hidden"
          style={{ touchAction: 'pan-y' }}
          data-testid="carousel-viewport"
          onPointerDown={(e) => (start.current = { x: e.clientX, y: e.clientY })}
          onPointerUp={(e) => {
            if (!start.current) return
            const dir = swipeDirection(e.clientX - start.current.x, e.clientY - start.current.y)
            start.current = null
            if (dir) go(index + dir)
          }}
          onPointerCancel={() => (start.current = null)}
        >
          <div className="flex motion-safe:transition-transform motion-safe:duration-300" style={{ transform: `translateX(-${index * 100}%)` }}>
            {steps.map((s, i) => (
              <div
                key={s.title}
                className="w-full shrink-0 px-1"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${steps.length}`}
                aria-hidden={i !== index}
              >
                <StepCard step={s} n={i + 1} />
              </div>
            ))}
          </div>
        </div>
        <div className="mt-4 flex items-center justify-center gap-4">
          <button type="button" className="btn-secondary h-11 w-11 rounded-full p-0" aria-label="Previous step" onClick={() => go(index - 1)}>
            <Arrow />
          </button>
          <div className="flex gap-1">
            {steps.map((s, i) => (
              <button
                key={s.title}
                type="button"
                aria-label={`Go to step ${i + 1}`}
                aria-current={i === index ? 'step' : undefined}
                onClick={() => go(i)}
                className="grid h-11 w-8 place-items-center"
              >
                <span className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-6 bg-brand-700' : 'w-2.5 bg-stone-400'}`} />
              </button>
            ))}
          </div>
          <button type="button" className="btn-secondary h-11 w-11 rounded-full p-0" aria-label="Next step" onClick={() => go(index + 1)}>
            <Arrow flip />
          </button>
        </div>
        <p className="sr-only" aria-live="polite">
          Step {index + 1} of {steps.length}: {steps[index]?.title}
        </p>
      </div>
    </>
  )
}
