/** SEED 4 / PRODUCT 7 texts of the HR-cloud binding. */
export const TG_TEXT = {
  notBound: 'Аккаунт не привязан к HR-облаку',
  bound: 'Аккаунт привязан к HR-облаку',
  notConfigured: 'Telegram-бот HR-облака пока не настроен. Подключить его можно будет в личном кабинете, как только бот заработает.',
};
