// `npm run build`: the server (esbuild, apps/api/build.mjs → apps/api/dist), the client (vite build →
// apps/web/dist, then its brotli/gzip copies) and the server's first-screen entry (vite build --ssr →
// apps/web/dist-ssr), all at once. `npm start` builds the same parts when their sources changed.
import { parts, runPart } from './lib/builds.mjs';

const started = Date.now();
const missing = Object.values(parts).filter((part) => !part.tool());
if (missing.length) {
  console.error(`Нет инструментов сборки (${missing.map((p) => p.title).join(', ')}): выполните npm install.`);
  process.exit(1);
}
const done = (result) => {
  console.log(`  ${result.title}: ${result.seconds.toFixed(1)} с`);
  return result;
};
console.log('Сборка: сервер, клиент и первый экран параллельно…');
const results = await Promise.allSettled([
  runPart('server').then(done),
  runPart('client')
    .then(done)
    .then(() => runPart('compress'))
    .then(done),
  runPart('ssr').then(done),
]);
const failed = results.filter((r) => r.status === 'rejected');
for (const { reason } of failed) console.error(`\n${reason.message}\n${reason.output ?? reason.stack}`);
if (failed.length) process.exit(1);
console.log(`Собрано за ${((Date.now() - started) / 1000).toFixed(1)} с`);
