// After `vite build`: brotli and gzip copies of every text asset, made once at the highest levels,
// so the server sends them as they are instead of compressing each chunk on every request.
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = path.resolve(import.meta.dirname, '../dist/assets');
let files = 0;
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assets, name);
  if (statSync(file).size < 1024) continue;
  const body = readFileSync(file);
  // Written aside and renamed: a running server may send these as soon as they appear.
  const put = (name, data) => {
    writeFileSync(`${name}.part`, data);
    renameSync(`${name}.part`, name);
  };
  put(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  put(`${file}.gz`, gzipSync(body, { level: 9 }));
  files++;
}
console.log(`precompressed ${files} assets (br, gz)`);
