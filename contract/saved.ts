// Saved listings (the heart): the list answer and the id check, shared by the app and the API.
import { z } from './zod'
import { StorageSchema } from './storage'

export const SavedStorageSchema = z.object({ savedAt: z.string(), storage: StorageSchema })
export type SavedStorage = z.infer<typeof SavedStorageSchema>
export const SavedStorageListSchema = z.array(SavedStorageSchema)

export const SavedStorageParamsSchema = z.object({ storageId: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters') })
export const SavedStateSchema = z.object({ storageId: z.string(), saved: z.boolean() })
export type SavedState = z.infer<typeof SavedStateSchema>
