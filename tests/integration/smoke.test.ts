import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('works', async () => {
    const res = await t.rest(null, { method: 'GET', url: '/api/health' });
    console.log(res.statusCode, res.body);
    const u = await t.signUp();
    const c = await t.rest(u, {
      method: 'POST',
      url: '/api/account',
      payload: { title: 'Wallet' },
    });
    console.log(c.statusCode, c.body);
    const id = c.json().data.id;
    const d = await t.rest(u, {
      method: 'POST',
      url: `/api/account/${id}/deposit`,
      payload: { amount: 12.34 },
    });
    console.log(d.statusCode, d.body);
    const w = await t.rest(u, {
      method: 'POST',
      url: `/api/account/${id}/withdraw`,
      payload: { amount: 100 },
    });
    console.log(w.statusCode, w.body);
    const l = await t.rest(u, { method: 'GET', url: `/api/transactions?limit=1` });
    console.log(l.statusCode, l.body);
    const bad = await t.rest(u, {
      method: 'POST',
      url: `/api/account`,
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    console.log(bad.statusCode, bad.body);
    const tr = await t.rest(u, {
      method: 'GET',
      url: `/trpc/account.get?input=${encodeURIComponent(JSON.stringify({ id: 'x' }))}`,
    });
    console.log(tr.statusCode, tr.body);
    const oa = await t.rest(u, { method: 'GET', url: `/api/openapi.json` });
    console.log(oa.statusCode, oa.body.slice(0, 3000));
    expect(res.statusCode).toBe(200);
  });
});
