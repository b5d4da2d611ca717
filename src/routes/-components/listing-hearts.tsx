// The heart on the listing cards of a page: the saved feature's button, put in the storages feature's
// card slot (components/ui/listing-actions). Each page that shows cards provides it, so the saved
// feature's code comes with those pages, not in the first load of every page (the lead pages have none).
import type { ReactNode } from 'react'
import { ListingActionsContext, type ListingActions } from '../../components/ui/listing-actions'
import { SaveButton } from '../../features/saved/components/save-button'

const hearts: ListingActions = (storage) => <SaveButton storage={storage} />

export function WithListingHearts({ children }: { children: ReactNode }) {
  return <ListingActionsContext value={hearts}>{children}</ListingActionsContext>
}
