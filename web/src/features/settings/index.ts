export { ReleaseProfilePage } from './components/release-profile-page'
export { SettingsPage } from './components/settings-page'
