export { CreateEventEntry, CreateEventProcessing } from './components/create-event'
export { EventPage } from './components/event-page'
export { OrgEventsTab } from './components/org-events-tab'
