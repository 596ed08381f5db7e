import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Config } from '../config.js'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** Sends in the background: the caller's answer never waits for (or reveals) delivery. */
  send(mail: Mail): void
  /** Resolves when every mail sent so far has been handed over (or failed); for tests and close. */
  idle(): Promise<void>
  close(): void
}

/** Outgoing mail over SMTP (nodemailer), when SMTP_URL is set. */
export function createMailer(smtp: NonNullable<Config['smtp']>, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtp.url)
  const pending = new Set<Promise<unknown>>()
  return {
    send(mail) {
      const sending = transport
        .sendMail({ from: smtp.from, ...mail })
        .catch((err: unknown) => log.error({ err, subject: mail.subject }, 'mail not sent'))
        .finally(() => pending.delete(sending))
      pending.add(sending)
    },
    async idle() {
      await Promise.all([...pending])
    },
    close() {
      transport.close()
    },
  }
}
