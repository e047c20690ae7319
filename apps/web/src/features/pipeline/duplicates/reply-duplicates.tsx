/** «Возможный дубль» and the merge, on the reply page (being built). */
export function ReplyDuplicates(_props: { vacancyId: number; replyId: number }) {
  return null;
}
