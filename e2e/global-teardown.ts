import { stopAll } from './global-setup.ts';

export default async function globalTeardown(): Promise<void> {
  await stopAll();
}
