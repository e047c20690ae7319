import { expect, test } from '../fixtures/test.ts';
import { fetchXsrf, postJson } from '../fixtures/api.ts';
import { extractLoginCode, extractResetLink } from '../fixtures/mailbox.ts';
import { request } from '@playwright/test';

test('api smoke', async ({ registerUser, mailbox, baseURL }) => {
  const u = await registerUser();
  console.log(u);
  const ctx = await request.newContext({ baseURL });
  await fetchXsrf(ctx);
  const r = await postJson(ctx, '/api/auth/login/check', { email: u.email });
  console.log(r.status(), await r.text());
  const m = await mailbox.waitForMessage(u.email, { subject: /код/i });
  console.log(m.subject, '\n', m.text, extractLoginCode(m.text));
  const r2 = await postJson(ctx, '/password/email', { email: u.email });
  console.log(r2.status(), await r2.text());
  const m2 = await mailbox.waitForMessage(u.email, { subject: /восстановлен/i });
  console.log(m2.subject, '\n', m2.text, extractResetLink(m2.text));
  expect(1).toBe(1);
});
