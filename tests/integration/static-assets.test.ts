import {
  existsSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The built client goes out pre-compressed (gzip and brotli files written at build time) and
 * with cache headers that fit its names: content-hashed /assets/* forever, index.html never
 * without asking again.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The body as the browser sees it once it has undone the Content-Encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

function varyTokens(res: LightMyRequestResponse): string[] {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase());
}

describe('the client as the server sends it', () => {
  // A small built client, compressed the way the build does it, so this runs without a build.
  const asset = '/assets/app-3f9a1c2b.js';
  const source = Buffer.from(`export const rows = ${JSON.stringify(Array(200).fill('row'))};\n`);
  let clientDir: string;
  let t: TestApp;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'et-static-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    const index = Buffer.from(
      `<!doctype html><html><head><script type="module" src="${asset}"></script></head>` +
        '<body><div id="root"></div></body></html>',
    );
    const files: [string, Buffer][] = [
      ['index.html', index],
      [asset.slice(1), source],
    ];
    for (const [name, body] of files) {
      writeFileSync(path.join(clientDir, name), body);
      writeFileSync(path.join(clientDir, `${name}.gz`), gzipSync(body));
      writeFileSync(path.join(clientDir, `${name}.br`), brotliCompressSync(body));
    }
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it.each([
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
  ])('sends a hashed asset asked for with Accept-Encoding: %s as %s', async (accept, encoding) => {
    const res = await t.rest(null, {
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(varyTokens(res)).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(source.length);
    expect(decoded(res).equals(source)).toBe(true);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const res = await t.rest(null, { method: 'GET', url: asset });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(source)).toBe(true);
  });

  it('caches hashed assets for a year, immutable', async () => {
    for (const accept of ['gzip', 'br', 'identity']) {
      const res = await t.rest(null, {
        method: 'GET',
        url: asset,
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['cache-control'], accept).toBe(IMMUTABLE);
    }
  });

  it('makes index.html and the SPA fallback revalidate every time, compressed too', async () => {
    for (const url of ['/', '/index.html', '/accounts/123']) {
      const res = await t.rest(null, {
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(decoded(res).toString(), url).toContain('<div id="root">');
    }
  });

  it('does not serve the compressed copies as URLs of their own', async () => {
    for (const url of [`${asset}.gz`, `${asset}.br`]) {
      const res = await t.rest(null, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('leaves API answers plain JSON, whatever the client accepts', async () => {
    const health = await t.rest(null, {
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers['content-type']).toMatch(/^application\/json/);
    expect(health.json()).toMatchObject({ success: true });
    expect(health.headers['cache-control']).not.toBe(IMMUTABLE);

    const missing = await t.rest(null, {
      method: 'GET',
      url: '/assets/missing-00000000.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

// The build itself writes the compressed copies; checked once built (`npm test` builds first).
const builtClient = path.resolve(import.meta.dirname, '../../dist/client');
describe.runIf(existsSync(path.join(builtClient, 'index.html')))('the built client', () => {
  const assetsDir = path.join(builtClient, 'assets');
  const scripts = () => readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has a gzip and a brotli copy of every script, stylesheet and index.html', () => {
    const texts = [
      'index.html',
      ...readdirSync(assetsDir)
        .filter((name) => /\.(js|css)$/.test(name))
        .map((name) => `assets/${name}`),
    ];
    expect(texts.length).toBeGreaterThan(2);
    const codecs = [
      { ext: 'gz', compress: gzipSync, decompress: gunzipSync },
      { ext: 'br', compress: brotliCompressSync, decompress: brotliDecompressSync },
    ];
    for (const name of texts) {
      const original = readFileSync(path.join(builtClient, name));
      for (const { ext, compress, decompress } of codecs) {
        const copy = path.join(builtClient, `${name}.${ext}`);
        if (existsSync(copy)) {
          expect(decompress(readFileSync(copy)).equals(original), `${name}.${ext}`).toBe(true);
        } else {
          // The build skips a copy only where compressing does not make the file smaller.
          expect(compress(original).length, `${name}.${ext}`).toBeGreaterThanOrEqual(
            original.length,
          );
        }
      }
    }
  });

  it('serves its largest script compressed, immutable, decoding to the file on disk', async () => {
    const [largest] = scripts().sort(
      (a, b) => statSync(path.join(assetsDir, b)).size - statSync(path.join(assetsDir, a)).size,
    );
    expect(largest).toBeDefined();
    const original = readFileSync(path.join(assetsDir, String(largest)));
    for (const encoding of ['gzip', 'br']) {
      const res = await t.rest(null, {
        method: 'GET',
        url: `/assets/${largest}`,
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.rawPayload.length).toBeLessThan(original.length / 2);
      expect(decoded(res).equals(original)).toBe(true);
    }
  });
});
