export { PatronPage } from './components/patron-page'
