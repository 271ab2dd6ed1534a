export { FaqPage } from './components/faq-page'
