export { ClipDeleteDialog } from './components/clip-delete-dialog'
export { MediaEditor } from './components/media-editor'
export { MediaPanel, type MediaPanelProps } from './components/media-panel'
export type { Media, MediaScope } from './types'
