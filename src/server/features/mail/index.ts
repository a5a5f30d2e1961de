// What the rest of the server may use of the mail feature: its public entry. Anything else in
// this folder is its own (docs/architecture.md#public-entries).
export {
  DemoMailbox,
  type Mailer,
  type MailSettings,
  sendInBackground,
  unconfiguredMailer,
} from './mailer.js';
