import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  url: string;
  /** Every message taken in, in order. */
  messages: CapturedMail[];
  /** Messages refused so far (see refuse()). */
  refused: () => number;
  /** The next `count` messages are refused with a temporary failure (451), as a busy mail server does. */
  refuse(count: number): void;
  /**
   * From now on a message is read but not answered: its sender waits (a send in flight) until release(),
   * which answers the waiting ones with a temporary failure and takes later messages in again.
   */
  hold(): void;
  release(): void;
  /** Messages read and not answered yet (hold()). */
  waiting: () => number;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives (stands in for the mail provider). */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  let toRefuse = 0;
  let refused = 0;
  let holding = false;
  const held: ((err?: Error | null) => void)[] = [];
  const busy = () => Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          refused += 1;
          callback(busy());
          return;
        }
        if (holding) {
          held.push(callback);
          return;
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const release = () => {
    holding = false;
    for (const callback of held.splice(0)) callback(busy());
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused: () => refused,
    refuse(count) {
      toRefuse = count;
    },
    hold() {
      holding = true;
    },
    release,
    waiting: () => held.length,
    close: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
