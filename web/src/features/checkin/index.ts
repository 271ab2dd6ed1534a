export { CheckinPage } from './components/checkin-page'
