// The browser-like test client and the registration helpers, free of the test runner, so the
// benches (bench/robustness.ts) use them too.
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Json = Record<string, unknown>;
export type Answer = { status: number; body: Json & { status?: string; res?: any; errors?: Record<string, string[]>; message?: string }; headers: LightMyRequestResponse['headers'] };

/** A browser-like client: keeps cookies, sends the XSRF header as the SPA does. */
export class TestClient {
  cookies = new Map<string, { value: string; expires?: string; maxAge?: number }>();
  constructor(
    private app: FastifyInstance,
    private ip = `10.0.${randomInt(0, 255)}.${randomInt(1, 255)}`,
  ) {}

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN')?.value;
  }

  async csrf(): Promise<void> {
    await this.request('GET', '/sanctum/csrf-cookie');
  }

  get(url: string) {
    return this.request('GET', url);
  }

  async post(url: string, body?: unknown, opts: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    if (opts.csrf !== false && !this.xsrf) await this.csrf();
    return this.request('POST', url, body, opts);
  }

  async request(method: string, url: string, body?: unknown, opts: { csrf?: boolean; headers?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ');
    if (opts.csrf !== false && this.xsrf && method !== 'GET') headers['x-xsrf-token'] = this.xsrf;
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      remoteAddress: this.ip,
      ...(body === undefined ? {} : { payload: body as Json }),
    });
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, { value: c.value, expires: c.expires?.toISOString(), maxAge: c.maxAge });
    }
    let parsed: Json = {};
    try {
      parsed = res.body ? JSON.parse(res.body) : {};
    } catch {
      parsed = { raw: res.body };
    }
    return { status: res.statusCode, body: parsed as Answer['body'], headers: res.headers };
  }
}

/** A unique, valid Russian mobile: 9XX, and never 7 equal digits in a row. */
export function uniquePhone(): string {
  const d = `9${randomInt(10, 99)}${randomInt(1000000, 9999999)}`;
  if (/(\d)\1{6}/.test(`7${d}`)) return uniquePhone();
  return `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.ru`;
}

export function registrationPayload(overrides: Json = {}): Json {
  return {
    fio: 'Иванова Мария Петровна',
    email: uniqueEmail(),
    phone: uniquePhone(),
    telegram_nickname: `hr_${randomUUID().slice(0, 6)}`,
    password: 'secret123',
    password_confirmation: 'secret123',
    company: 'ООО «Ромашка»',
    position: 'HR-менеджер',
    city_name: 'Москва',
    company_people_count: '51-150',
    profession_area: 'Подбор персонала',
    is_resident: false,
    has_consultation: true,
    ...overrides,
  };
}

/** Registers through the API and returns the signed-in client with the credentials. */
export async function registeredMember(app: FastifyInstance, overrides: Json = {}) {
  const client = new TestClient(app);
  const payload = registrationPayload(overrides);
  const res = await client.post('/register', payload);
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, email: payload.email as string, password: payload.password as string, payload };
}
