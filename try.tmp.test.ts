import { it, expect } from 'vitest';
import { createTestApp } from './tests/support/app';
import { startSmtpCapture } from './tests/support/smtp';
it('timing', async () => {
  const smtp = await startSmtpCapture();
  const t = await createTestApp({ SMTP_URL: smtp.url });
  for (let i = 0; i < 3; i++) {
    const t0 = Date.now();
    await t.app.inject({ method: 'POST', url: '/api/feedback/', payload: { user_email: 'a@b.in', user_message: 'Lovely finish.' + i }, remoteAddress: '10.0.0.' + i });
    const t1 = Date.now();
    await expect.poll(() => smtp.messages.length, { timeout: 20000, interval: 10 }).toBe(i + 1);
    console.log('request', t1 - t0, 'delivered', Date.now() - t1);
  }
  await t.close(); await smtp.close();
}, 60000);
