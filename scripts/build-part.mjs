// `node scripts/build-part.mjs server [client ssr compress]`: builds the named parts when their
// sources changed since the last build (the benches use it to run the compiled server).
import { isStale, parts, runPart } from './lib/builds.mjs';

for (const name of process.argv.slice(2)) {
  const part = parts[name];
  if (!part) {
    console.error(`no such part: ${name} (${Object.keys(parts).join(', ')})`);
    process.exit(1);
  }
  if (!isStale(part)) continue;
  const result = await runPart(name);
  console.log(`  built ${result.title} in ${result.seconds.toFixed(1)} s`);
}
