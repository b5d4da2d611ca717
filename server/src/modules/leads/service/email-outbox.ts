// The email outbox (every email sent or stored, and the SMS stand-in's texts) and the lead lists admins read.
export { allLeads, findEmail, insertEmail, listEmails, listLeads } from '../queries'
