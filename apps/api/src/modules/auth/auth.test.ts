import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createPrivateTestApp, createTestApp, registeredMember, registrationPayload, TestClient, uniqueEmail } from '../../../test/helpers.ts';
import { startSmtpCapture } from '../../../test/smtp.ts';
import { users } from '../../db/schema/index.ts';
import type { BuiltApp } from '../../app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let built: BuiltApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // A database of its own: the file runs the queue, and on the shared PostgreSQL another file's
  // run could take its jobs (and send its mail through that file's settings).
  built = await createPrivateTestApp({ SMTP_URL: smtp.url, APP_URL: 'http://club.test' });
});
afterAll(() => smtp.close());

const app = () => built.app;
const sendMail = () => built.ctx.queue.runPending();

describe('registration', () => {
  it('creates an account, signs it in and shows it in main_info', async () => {
    const { client, email } = await registeredMember(app(), { fio: 'Петрова Ольга Ивановна', is_resident: true });
    const info = await client.get('/api/user/main_info');
    expect(info.status).toBe(200);
    expect(info.body.res).toMatchObject({ email, name: 'Ольга', family: 'Петрова', account_type: 'basic', account_type_title: 'Базовый', profile_incomplete: false });
    const [row] = await built.ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.residencyRequested).toBe(true);
    expect(row?.phone).toMatch(/^9\d{9}$/);
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('rejects each bad field with a Russian message', async () => {
    const client = new TestClient(app());
    const res = await client.post('/register', {
      ...registrationPayload(),
      fio: '',
      email: 'not-an-email',
      phone: '+7 (999) 999-99-99',
      telegram_nickname: 'ab',
      password: '123',
      password_confirmation: '456',
      company_people_count: '2-3',
    });
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('error');
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(
      ['company_people_count', 'email', 'fio', 'password', 'phone', 'telegram_nickname'].sort(),
    );
    expect(res.body.errors?.phone).toEqual(['Ошибка заполнения данных: 7 одинаковых цифр подряд — проверьте номер']);
    expect(res.body.errors?.fio?.[0]).toMatch(/[а-я]/);
  });

  // SEED's «Ошибка заполнения данных», then what exactly is wrong with the number.
  it.each([
    ['+7 (123) 456-78-90', 'не российский номер: после +7 код начинается с 9 (мобильный) или с 3, 4, 8 (городской)'],
    ['+7 (555) 123-45-67', 'не российский номер: после +7 код начинается с 9 (мобильный) или с 3, 4, 8 (городской)'],
    ['+7 (900) 000-00-01', '7 одинаковых цифр подряд — проверьте номер'],
    ['+7 (916) 123-45', 'не хватает цифр — после +7 нужно 10, введено 8'],
    ['+7 (916) 123-45-678', 'лишние цифры — после +7 нужно 10, введено 11'],
    ['+7 (916) 12З-45-67', 'в номере могут быть только цифры, +, скобки и дефисы'],
  ])('rejects the phone %s and says what is wrong: %s', async (phone, detail) => {
    const res = await new TestClient(app()).post('/register', registrationPayload({ phone }));
    expect(res.status).toBe(422);
    expect(res.body.errors?.phone).toEqual([`Ошибка заполнения данных: ${detail}`]);
  });

  it('accepts landline area codes 3, 4, 8', async () => {
    for (const phone of ['+7 (343) 212-34-56', '+7 (495) 123-45-67', '+7 (812) 765-43-21']) {
      const res = await new TestClient(app()).post('/register', registrationPayload({ phone: phone.replace(/45-67|34-56|43-21/, `${Math.floor(Math.random() * 90 + 10)}-${Math.floor(Math.random() * 90 + 10)}`) }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it('needs the password confirmed', async () => {
    const res = await new TestClient(app()).post('/register', registrationPayload({ password_confirmation: 'other123' }));
    expect(res.status).toBe(422);
    expect(res.body.errors?.password_confirmation).toEqual(['Пароли не совпадают']);
  });

  it('refuses a taken e-mail (any case) and a taken phone', async () => {
    const first = registrationPayload();
    await new TestClient(app()).post('/register', first);
    const res = await new TestClient(app()).post('/register', registrationPayload({ email: String(first.email).toUpperCase(), phone: first.phone }));
    expect(res.status).toBe(422);
    expect(res.body.errors?.email).toEqual(['Пользователь с таким e-mail уже зарегистрирован']);
    expect(res.body.errors?.phone).toEqual(['Пользователь с таким телефоном уже зарегистрирован']);
  });

  it('needs a city from the list', async () => {
    const res = await new TestClient(app()).post('/register', registrationPayload({ city_name: 'Атлантида' }));
    expect(res.status).toBe(422);
    expect(res.body.errors?.city_name).toEqual(['Выберите город из списка']);
  });

  it('answers the masked contacts of the account a user_token points at, creating nothing', async () => {
    const { email, payload } = await registeredMember(app(), { email: 'ivanova@mail.ru' });
    await built.ctx.database.db.update(users).set({ inviteToken: 'invite-abc' }).where(eq(users.email, email));
    const client = new TestClient(app());
    const res = await client.post('/register', registrationPayload({ user_token: 'invite-abc' }));
    expect(res.status).toBe(200);
    const digits = String(payload.phone).replace(/\D/g, '');
    expect(res.body.res.user).toEqual({ email: 'i***@mail.ru', phone: `+7 (${digits[1]}**) ***-**-${digits.slice(-2)}` });
    expect((await client.get('/api/user/main_info')).status).toBe(401);
    // «Нет, это не мой аккаунт»: the same form without the token makes a new account.
    const again = await client.post('/register', registrationPayload());
    expect(again.status).toBe(200);
    expect(again.body.res.user).toBeUndefined();
    expect((await client.get('/api/user/main_info')).status).toBe(200);
  });

  it('limits registrations per address', async () => {
    const limited = await createTestApp({ REGISTER_LIMIT_PER_HOUR: '2' });
    const client = new TestClient(limited.app, '10.9.9.9');
    for (let i = 0; i < 2; i++) expect((await new TestClient(limited.app, '10.9.9.9').post('/register', registrationPayload())).status).toBe(200);
    const res = await client.post('/register', registrationPayload());
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.message).toMatch(/^Слишком много попыток\. Повторите через \d+ мин\.$/);
  });
});

describe('password login and sessions', () => {
  it('logs in, rotates the session id, and logs out', async () => {
    const { email, password } = await registeredMember(app());
    const client = new TestClient(app());
    await client.csrf();
    const before = client.cookies.get('hr_session')?.value;
    const res = await client.post('/login', { email, password, remember: false });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const after = client.cookies.get('hr_session');
    expect(after?.value).toBeTruthy();
    expect(after?.value).not.toBe(before);
    expect(after?.maxAge).toBeUndefined(); // a browser-session cookie
    expect((await client.get('/api/user/main_info')).body.res.email).toBe(email);

    const stolen = new TestClient(app());
    stolen.cookies.set('hr_session', { value: after?.value as string });
    expect((await stolen.get('/api/user/main_info')).status).toBe(200);
    expect((await client.post('/logout')).status).toBe(200);
    expect((await client.get('/api/user/main_info')).status).toBe(401);
    // The old id is destroyed on the server, not just forgotten by this browser.
    expect((await stolen.get('/api/user/main_info')).status).toBe(401);
  });

  it('keeps a remembered session for 30 days', async () => {
    const { email, password } = await registeredMember(app());
    const client = new TestClient(app());
    await client.post('/login', { email, password, remember: true });
    expect(client.cookies.get('hr_session')?.maxAge).toBe(30 * 86400);
  });

  it('answers a wrong password under the e-mail field', async () => {
    const { email } = await registeredMember(app());
    const res = await new TestClient(app()).post('/login', { email, password: 'wrong-one' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: ['Неверный e-mail или пароль'] });
    const unknown = await new TestClient(app()).post('/login', { email: uniqueEmail(), password: 'whatever' });
    expect(unknown.body.errors).toEqual({ email: ['Неверный e-mail или пароль'] });
  });

  it('requires e-mail and password', async () => {
    const res = await new TestClient(app()).post('/login', {});
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['email', 'password']);
  });

  it('limits login attempts per account to 10 in 15 minutes, from any address', async () => {
    const { email } = await registeredMember(app());
    for (let i = 0; i < 10; i++) expect((await new TestClient(app()).post('/login', { email, password: 'bad' })).status).toBe(422);
    const res = await new TestClient(app()).post('/login', { email, password: 'bad' });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('expires an idle browser session after two hours', async () => {
    const { client, email } = await registeredMember(app());
    // Only this member's: the database is shared with the other test files running at the same time.
    await built.ctx.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = ${email})`,
    );
    expect((await client.get('/api/user/main_info')).status).toBe(401);
  });
});

describe('CSRF', () => {
  it('answers 419 without the token or with a wrong one', async () => {
    const client = new TestClient(app());
    await client.csrf();
    const missing = await client.post('/login', { email: 'a@b.ru', password: 'x' }, { csrf: false });
    expect(missing.status).toBe(419);
    expect(missing.body).toEqual({ status: 'error', message: 'CSRF token mismatch.' });
    const wrong = await client.post('/login', { email: 'a@b.ru', password: 'x' }, { csrf: false, headers: { 'x-xsrf-token': 'forged' } });
    expect(wrong.status).toBe(419);
  });

  it('accepts _token in the body (auth/check, error/send)', async () => {
    const { client } = await registeredMember(app());
    const token = decodeURIComponent(client.xsrf as string);
    expect((await client.post('/api/auth/check', { _token: token }, { csrf: false })).status).toBe(200);
    expect((await client.post('/api/auth/check', { _token: 'nope' }, { csrf: false })).status).toBe(419);
  });

  it('guards every state-changing route listed in the OpenAPI document', async () => {
    const doc = (await new TestClient(app()).get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const unsafe = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).filter((m) => ['post', 'put', 'patch', 'delete'].includes(m)).map((m) => [m.toUpperCase(), p] as const),
    );
    expect(unsafe.length).toBeGreaterThanOrEqual(9);
    // Exempt by design: the digest's one-click unsubscribe is posted by mail clients (RFC 8058), with
    // no session; its signed token is what authorizes it (digest tests: a forged token is refused).
    const exempt = new Set(['POST /api/autosearch/unsubscribe/{token}']);
    for (const [method, p] of unsafe) {
      if (exempt.has(`${method} ${p}`)) continue;
      const client = new TestClient(app());
      await client.csrf();
      const res = await client.request(method, p.replace(/\{[^}]+\}/g, '1'), {}, { csrf: false });
      expect(res.status, `${method} ${p}`).toBe(419);
    }
  });
});

describe('auth check, access and main info', () => {
  it('tells a visitor 401 and a member 200', async () => {
    const visitor = new TestClient(app());
    expect((await visitor.post('/api/auth/check', {})).status).toBe(401);
    expect((await visitor.get('/api/user/access')).status).toBe(401);
    const { client } = await registeredMember(app());
    expect((await client.post('/api/auth/check', {})).status).toBe(200);
  });

  it('answers every flag, default false, and one flag by name', async () => {
    const { client, email } = await registeredMember(app());
    const access = await client.get('/api/user/access');
    expect(access.body.res).toEqual({
      teamLead: false,
      team_lead: false,
      not_reply_notify: false,
      report_reply_notify: false,
      open_contact: false,
      commerce_account: false,
      has_vacancy: false,
      mass_search: false,
      spec_search: false,
    });
    await built.ctx.database.db.update(users).set({ flags: ['mass_search', 'team_lead'] }).where(eq(users.email, email));
    expect((await client.get('/api/user/access/mass_search/get')).body).toEqual({ status: 'success', res: true });
    expect((await client.get('/api/user/access/teamLead/get')).body.res).toBe(true);
    expect((await client.get('/api/user/access/spec_search/get')).body.res).toBe(false);
    expect((await client.get('/api/user/access/no_such_flag/get')).status).toBe(422);
  });

  it('sends no caching headers trouble and no password hash', async () => {
    const { client } = await registeredMember(app());
    const info = await client.get('/api/user/main_info');
    expect(JSON.stringify(info.body)).not.toMatch(/argon|password/i);
  });
});

describe('code login', () => {
  it('mails a 4-digit code that signs in once', async () => {
    const { email } = await registeredMember(app());
    const client = new TestClient(app());
    const check = await client.post('/api/auth/login/check', { email });
    expect(check.status).toBe(200);
    expect(check.body.res.channels.email).toMatch(/^u\*\*\*@example\.ru$/);
    expect(check.body.res.channels.tg).toBeUndefined();
    await sendMail();
    const mail = await smtp.waitFor(email);
    const code = Number(/\b([1-9]\d{3})\b/.exec(mail.text)?.[1]);
    expect(code).toBeGreaterThanOrEqual(1000);
    expect(mail.subject).toContain('Код для входа');
    const res = await client.post('/api/auth/code', { code });
    expect(res.status).toBe(200);
    expect((await client.get('/api/user/main_info')).body.res.email).toBe(email);
    // Used codes are void.
    await client.post('/logout');
    expect((await client.post('/api/auth/code', { code })).status).toBe(422);
  });

  it('voids the code after 5 wrong tries and a new code voids the old', async () => {
    const { email } = await registeredMember(app());
    const client = new TestClient(app());
    await client.post('/api/auth/login/check', { email });
    await sendMail();
    const code = Number(/\b([1-9]\d{3})\b/.exec((await smtp.waitFor(email)).text)?.[1]);
    const wrong = code === 9999 ? 1000 : code + 1;
    for (let i = 0; i < 4; i++) {
      const r = await client.post('/api/auth/code', { code: wrong });
      expect(r.body.errors?.code).toEqual(['Неверный код']);
    }
    const fifth = await client.post('/api/auth/code', { code: wrong });
    expect(fifth.body.errors?.code?.[0]).toMatch(/Запросите новый/);
    expect((await client.post('/api/auth/code', { code })).status).toBe(422);

    const again = new TestClient(app());
    await again.post('/api/auth/login/check', { email });
    await sendMail();
    const first = Number(/\b([1-9]\d{3})\b/.exec((await smtp.waitFor(email)).text)?.[1]);
    smtp.received.length = 0;
    await again.post('/api/auth/login/check', { email });
    await sendMail();
    const second = Number(/\b([1-9]\d{3})\b/.exec((await smtp.waitFor(email)).text)?.[1]);
    if (first !== second) expect((await again.post('/api/auth/code', { code: first })).status).toBe(422);
    const ok = await again.post('/api/auth/code', { code: second });
    expect(ok.status, JSON.stringify({ first, second, body: ok.body })).toBe(200);
  });

  it('does not let another browser use my code', async () => {
    const { email } = await registeredMember(app());
    const mine = new TestClient(app());
    await mine.post('/api/auth/login/check', { email });
    await sendMail();
    const code = Number(/\b([1-9]\d{3})\b/.exec((await smtp.waitFor(email)).text)?.[1]);
    const other = new TestClient(app());
    expect((await other.post('/api/auth/code', { code })).status).toBe(422);
  });

  it('answers an unknown e-mail like a known one, sends nothing, and limits requests to 5 an hour', async () => {
    const address = uniqueEmail();
    const unknown = await new TestClient(app()).post('/api/auth/login/check', { email: address });
    expect(unknown.status).toBe(200);
    expect(unknown.body.res).toEqual({ channels: { email: `u***@example.ru` } });
    await sendMail();
    expect(smtp.received.some((m) => m.to.includes(address))).toBe(false);
    const { email } = await registeredMember(app());
    const client = new TestClient(app());
    for (let i = 0; i < 5; i++) expect((await client.post('/api/auth/login/check', { email })).status).toBe(200);
    expect((await client.post('/api/auth/login/check', { email })).status).toBe(429);
  });

  it('takes the code as a 4-digit string too, and refuses other shapes', async () => {
    const client = new TestClient(app());
    expect((await client.post('/api/auth/code', { code: 'abcd' })).status).toBe(422);
    expect((await client.post('/api/auth/code', {})).status).toBe(422);
  });
});

describe('password reset', () => {
  const linkOf = (text: string) => /(http:\/\/club\.test\/\?email=[^\s]+&pass_reset_token=[A-Za-z0-9_-]+)/.exec(text)?.[1] as string;

  it('mails a single-use link that sets a new password and signs in', async () => {
    const { email, client: oldSession } = await registeredMember(app());
    const client = new TestClient(app());
    const res = await client.post('/password/email', { email });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/Если этот e-mail зарегистрирован/);
    await sendMail();
    const link = new URL(linkOf((await smtp.waitFor(email)).text));
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('pass_reset_token') as string;
    expect(token.length).toBeGreaterThanOrEqual(32);

    const mismatch = await client.post('/password/reset', { token, email, password: 'newpass1', password_confirmation: 'newpass2' });
    expect(mismatch.status).toBe(422);
    const ok = await client.post('/password/reset', { token, email, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/user/main_info')).body.res.email).toBe(email);
    // Other sessions end with the old password.
    expect((await oldSession.get('/api/user/main_info')).status).toBe(401);
    const reuse = await new TestClient(app()).post('/password/reset', { token, email, password: 'another1', password_confirmation: 'another1' });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors?.email).toEqual(['Ссылка для смены пароля недействительна или устарела']);
    expect((await new TestClient(app()).post('/login', { email, password: 'secret123' })).status).toBe(422);
    expect((await new TestClient(app()).post('/login', { email, password: 'newpass1' })).status).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail();
    const res = await new TestClient(app()).post('/password/email', { email });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/Если этот e-mail зарегистрирован/);
    await sendMail();
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
  });

  it('refuses an expired token and a token for another e-mail', async () => {
    const { email } = await registeredMember(app());
    const other = await registeredMember(app());
    await new TestClient(app()).post('/password/email', { email });
    await sendMail();
    const token = new URL(linkOf((await smtp.waitFor(email)).text)).searchParams.get('pass_reset_token') as string;
    const wrongEmail = await new TestClient(app()).post('/password/reset', { token, email: other.email, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(wrongEmail.status).toBe(422);
    await built.ctx.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ${email})`,
    );
    const expired = await new TestClient(app()).post('/password/reset', { token, email, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(expired.status).toBe(422);
  });

  it('limits reset mails to 5 an hour per e-mail', async () => {
    const { email } = await registeredMember(app());
    const client = new TestClient(app());
    for (let i = 0; i < 5; i++) expect((await client.post('/password/email', { email })).status).toBe(200);
    expect((await client.post('/password/email', { email })).status).toBe(429);
  });
});
