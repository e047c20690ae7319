/**
 * A failure no retry can fix (an SMTP server's permanent 5xx refusal of a recipient or a message):
 * the queue marks the job failed at once with this message as the reason, instead of retrying it
 * for a day. Its message is for the back office, in Russian.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
