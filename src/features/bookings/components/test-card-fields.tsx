// The payments sandbox's test card (read-only: Stripe's 4242 test number), on its checkout and billing portal pages.
export function TestCardFields({ idPrefix, cardLabel }: { idPrefix: string; cardLabel: string }) {
  return (
    <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-[1fr_5rem_4rem]">
      <div className="col-span-2 sm:col-span-1">
        <label className="label" htmlFor={`${idPrefix}-card`}>
          {cardLabel}
        </label>
        <input id={`${idPrefix}-card`} className="input font-mono" value="4242 4242 4242 4242" readOnly />
      </div>
      <div>
        <label className="label" htmlFor={`${idPrefix}-expiry`}>
          Expiry
        </label>
        <input id={`${idPrefix}-expiry`} className="input font-mono" value="12/34" readOnly />
      </div>
      <div>
        <label className="label" htmlFor={`${idPrefix}-cvc`}>
          CVC
        </label>
        <input id={`${idPrefix}-cvc`} className="input font-mono" value="123" readOnly />
      </div>
    </div>
  )
}
