export { CreateStudioPage } from './components/create-studio'
export { StudioPage } from './components/studio-page'
export { StudiosPage } from './components/studios-page'
export { StudioSettingsPage } from './components/settings/studio-settings'
