import { describe, expect, it } from 'vitest';
import { createTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';

/** A visitor's popups mention Telegram only where the club's bot is set up: they ask this public answer. */
describe('GET /api/telegram/config', () => {
  it('tells a visitor, without a session, that there is no bot', async () => {
    const bare = await createTestApp({ APP_URL: 'http://club.test' });
    const res = await new TestClient(bare.app).get('/api/telegram/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', res: { telegram_enabled: false } });
  });

  it('tells a visitor that there is one once a token and a bot name are set, and agrees with main_info', async () => {
    const withBot = await createTestApp({ APP_URL: 'http://club.test', TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_BOT_NAME: 'hr_club_bot' });
    expect((await new TestClient(withBot.app).get('/api/telegram/config')).body.res).toEqual({ telegram_enabled: true });
    const m = await registeredMember(withBot.app);
    expect((await m.client.get('/api/user/main_info')).body.res.telegram_enabled).toBe(true);
  });

  it('a token without a bot name is no bot (no deep link could be made)', async () => {
    const half = await createTestApp({ APP_URL: 'http://club.test', TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_BOT_NAME: '' });
    expect((await new TestClient(half.app).get('/api/telegram/config')).body.res).toEqual({ telegram_enabled: false });
  });
});
