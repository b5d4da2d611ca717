// The payments sandbox playing the renter's bank: a charge.dispute.* event, delivered signed to our webhook.
export { disputeEvent, newDisputeId } from '../stand-in/stand-in-disputes'
