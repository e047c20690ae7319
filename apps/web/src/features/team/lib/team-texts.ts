/** SEED 6: the wording differs — a member gains the team's privileges by joining; a lead grants them. */
export const TEAM_TEXT = {
  inviteTitle: 'Приглашение в команду',
  joinTitle: 'Запрос на вступление в команду',
  invites: (name: string) => `${name} приглашает вас в свою команду.`,
  wantsToJoin: (name: string) => `${name} хочет вступить в вашу команду.`,
  memberGains: 'Вступив в команду, вы получите её привилегии: платные возможности руководителя, общее избранное, вакансии и отклики.',
  leadGrants: 'Приняв запрос, вы предоставите участнику привилегии команды: ваши платные возможности, общее избранное, вакансии и отклики.',
};
