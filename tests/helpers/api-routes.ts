/**
 * Every REST route of the spec and design, exactly as a REST client calls it. The OpenAPI test
 * holds the document to this list, and the fuzz test makes sure none escapes fuzzing.
 */
export const EXPECTED_ROUTES = [
  'GET /api/account',
  'POST /api/account',
  'GET /api/account/{id}',
  'PUT /api/account/{id}',
  'DELETE /api/account/{id}',
  'POST /api/account/{id}/deposit',
  'POST /api/account/{id}/withdraw',
  'GET /api/expenses',
  'GET /api/expenses/by-account/{accountId}',
  'POST /api/expenses/expense',
  'GET /api/transactions',
  'POST /api/test/new',
  'GET /api/health',
  'POST /api/key-auth/register',
  'POST /api/key-auth/challenge',
  'POST /api/key-auth/verify',
  'POST /api/auth/firebase',
  'POST /api/auth/logout',
  'GET /api/auth/me',
  'GET /api/config',
  'GET /api/demo/mailbox',
];
