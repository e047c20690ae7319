import { waitForSubscription } from '../fixtures/cabinet.ts';
import { uniqueEmail } from '../fixtures/api.ts';
import { expectNoSeriousA11y, extractReviewRequestLink, pickResumeWithJob } from '../fixtures/review.ts';
import { expect, test } from '../fixtures/test.ts';
import { TITLE_SUFFIX, dialog } from '../fixtures/ui.ts';
import { memberWithVacancyAccess } from '../fixtures/vacancy.ts';

const bellIndicator = (page: import('@playwright/test').Page) => page.getByTestId('notify-indicator');

test.describe('opinions about candidates', () => {
  test('a member asks a former employer for a reference; the answer through the mailed link reaches the resume and the bell without reload', async ({
    page,
    browser,
    mailbox,
    loginViaApi,
  }, testInfo) => {
    test.setTimeout(300_000);
    // Sending a request needs open_contact: a member of the demo lead's team inherits it.
    const member = await memberWithVacancyAccess();
    await loginViaApi(member);
    // parallelIndex (0 or 1), not workerIndex: a worker started after a failure gets a higher index.
    const resume = await pickResumeWithJob(page.request, testInfo.parallelIndex * 7);
    const subscribed = waitForSubscription(page, 45_000);
    await page.goto(`/resume/${resume.hash}`);
    const opinions = page.getByRole('region', { name: /Отзывы участников клуба/ });
    await expect(opinions).toBeVisible({ timeout: 60_000 }); // the first page of a fresh session; minutes-slow on a loaded machine
    await expect(bellIndicator(page)).not.toHaveAttribute('data-active');
    await subscribed;
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const recommendBefore = Number(
      await opinions.locator('[role=listitem][data-verdict=recommend]').getByTestId('summary-count').textContent(),
    );

    // «Запросить отзыв» on the latest job: the company is filled in.
    await page
      .getByRole('button', { name: `Запросить отзыв в компании ${resume.company}` })
      .first()
      .click();
    const ask = dialog(page, 'Запрос рекомендации');
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('textbox', { name: 'Компания' })).toHaveValue(resume.company);

    // Without the candidate's consent nothing is sent; the box gets the focus back.
    await ask.getByRole('button', { name: 'Отправить запрос' }).click();
    await expect(ask.getByText('Подтвердите, что кандидат согласен на проверку рекомендаций')).toBeVisible();
    await expect(dialog(page, 'Почти готово'), 'the error is inline, no dialog over it').toHaveCount(0);
    await expect(ask.getByRole('checkbox', { name: 'Кандидат согласен на проверку рекомендаций' })).toBeFocused();

    const addressee = uniqueEmail();
    await ask.getByRole('checkbox', { name: 'Кандидат согласен на проверку рекомендаций' }).check();
    await ask.getByRole('textbox', { name: 'E-mail адресата' }).fill(addressee);
    await ask.getByRole('textbox', { name: 'Имя адресата' }).fill('Елена Петрова');
    await ask
      .getByRole('textbox', { name: 'Сообщение адресату' })
      .fill('Рассматриваем кандидата к нам в команду, расскажите, пожалуйста, о его работе.');
    await ask.getByRole('button', { name: 'Отправить запрос' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByText(`Письмо ушло на ${addressee}`)).toBeVisible();

    // The addressee: the mailed link, in a browser that has never seen the club.
    const mail = await mailbox.waitForMessage(addressee, { subject: /рекомендац/i, timeoutMs: 30_000 });
    const link = extractReviewRequestLink(mail.text);
    const outsider = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: { width: 1280, height: 900 } });
    try {
      const pub = await outsider.newPage();
      await pub.goto(link);
      // A fresh browser loads the whole app: generous on a loaded machine.
      await expect(pub.getByRole('heading', { level: 1, name: /просит вас рассказать о кандидате/ })).toBeVisible({ timeout: 30_000 });
      await expect(pub).toHaveTitle(`Запрос отзыва${TITLE_SUFFIX}`);
      await expect(pub.getByText('Рассматриваем кандидата к нам в команду')).toBeVisible();
      await expectNoSeriousA11y(pub, testInfo, 'review-request-1280');
      await pub.setViewportSize({ width: 375, height: 800 });
      await expect(pub.getByRole('link', { name: 'Оставить отзыв' })).toBeVisible();
      await expectNoSeriousA11y(pub, testInfo, 'review-request-375');
      const overflow = await pub.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the public page scrolls sideways at 375 px').toBeLessThanOrEqual(0);
      await pub.setViewportSize({ width: 1280, height: 900 });

      await pub.getByRole('link', { name: 'Оставить отзыв' }).click();
      await expect(pub).toHaveURL(/\/send$/);
      await expect(pub.getByRole('button', { name: 'Отправить отзыв' })).toBeVisible({ timeout: 20_000 });
      await expect(pub).toHaveTitle(`Отзыв о кандидате${TITLE_SUFFIX}`);
      const form = pub.getByRole('form', { name: 'Отзыв о кандидате' });
      await form.getByRole('radio', { name: 'Рекомендую', exact: true }).check();
      const text = `Работал у нас три года, вёл ключевых клиентов и вырастил команду. Метка ${Date.now()}.`;
      await form.getByRole('textbox', { name: 'Отзыв' }).fill(text);
      await form.getByRole('textbox', { name: 'Ваше имя' }).fill('Елена Петрова');
      await form.getByRole('textbox', { name: 'Ваша должность' }).fill('HR-директор');
      await form.getByRole('checkbox', { name: /Согласен\(на\) передать отзыв/ }).check();
      await form.getByRole('button', { name: 'Отправить отзыв' }).click();
      await expect(pub.getByRole('heading', { name: 'Спасибо! Отзыв передан' })).toBeVisible({ timeout: 15_000 });

      // The member, still on the same page: the opinion, the summary and the bell, without reload.
      await expect(opinions.getByTestId('opinion-item').filter({ hasText: text })).toBeVisible({ timeout: 20_000 });
      await expect(opinions.getByTestId('opinion-item').filter({ hasText: text })).toContainText('Елена Петрова, HR-директор');
      await expect(opinions.getByTestId('opinion-item').filter({ hasText: text }).getByTestId('opinion-requested-by')).toHaveText(
        `по запросу ${member.family} ${member.name}`,
      );
      await expect(opinions.locator('[role=listitem][data-verdict=recommend]').getByTestId('summary-count')).toHaveText(
        String(recommendBefore + 1),
      );
      await expect(bellIndicator(page)).toHaveAttribute('data-active', 'true');
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

      // The link keeps working, but only to say the request is answered.
      await pub.goto(link);
      await expect(pub.getByRole('heading', { name: 'На этот запрос уже ответили' })).toBeVisible({ timeout: 20_000 });
      await expect(pub.getByRole('link', { name: 'Оставить отзыв' })).toHaveCount(0);
    } finally {
      await outsider.close();
    }
  });

  test('a made-up request link says «Запрос не найден»', async ({ page }) => {
    test.setTimeout(90_000);
    for (const id of ['abc', 'AAAAAAAAAAAAAAAAAAAAAA']) {
      await page.goto(`/review/request/${id}`);
      await expect(page.getByRole('heading', { name: 'Запрос не найден' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('link', { name: 'Оставить отзыв' })).toHaveCount(0);
    }
  });
});
