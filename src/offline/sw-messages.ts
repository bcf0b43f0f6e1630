/** The messages the page and its service worker exchange; one name for each, on both sides. */
export const swMessages = {
  skipWaiting: 'SKIP_WAITING',
  cachePackImages: 'CACHE_PACK_IMAGES',
  stopPackImages: 'STOP_PACK_IMAGES',
  packImagesProgress: 'PACK_IMAGES_PROGRESS',
  packImagesUnreachable: 'PACK_IMAGES_UNREACHABLE',
  replayOutbox: 'REPLAY_OUTBOX',
  outboxSyncTag: 'outbox',
} as const

export const packImageCache = 'pack-images'

export type ClientMessage =
  | { type: typeof swMessages.packImagesProgress; done: number; total: number }
  | { type: typeof swMessages.packImagesUnreachable }
  | { type: typeof swMessages.replayOutbox }
