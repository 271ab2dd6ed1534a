import { SettingsPage } from '@/features/settings'

export default SettingsPage
