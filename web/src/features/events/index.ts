export { CreateEventEntry, CreateEventProcessing } from './components/create-event'
