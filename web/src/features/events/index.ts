export { CreateEventEntry, CreateEventProcessing } from './components/create-event'
export { EventPage } from './components/event-page'
