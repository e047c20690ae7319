/** The interviews of a reply, on the reply page (being built). */
export function ReplyInterviews(_props: { vacancyId: number; replyId: number }) {
  return null;
}
