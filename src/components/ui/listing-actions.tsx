// A slot on listing cards for actions another feature owns (the saved feature's heart): the app shell
// provides what to render, so the storages feature needn't import the saved feature.
import { createContext, useContext, type ReactNode } from 'react'
import type { Storage } from '@contract/storage'

export type ListingActions = (storage: Storage) => ReactNode

export const ListingActionsContext = createContext<ListingActions | null>(null)

export const useListingActions = () => useContext(ListingActionsContext)
