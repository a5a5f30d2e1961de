/**
 * Optional and no longer needed: the OpenAPI document derives every failure status of a route
 * from what the route is, plus the `refusals` its meta declares (src/server/http/openapi-contract.ts).
 * A status listed here through `openapi.errorResponses` is added to those, with any code of it.
 */
const DESCRIPTIONS = {
  400: 'Invalid input: the message names the first problem, issues lists them all',
  401: 'Not signed in, or the session expired or was revoked',
  404: 'Not found: no such account, category or transaction in your book (also for those of other people and deleted ones)',
  413: 'Request body too large',
  403: 'Signed in, but not allowed (for example an unverified email)',
  409: 'Conflict with what exists (for example a key already registered for the email)',
  422: 'Refused by a business rule: INSUFFICIENT_FUNDS, BALANCE_LIMIT_EXCEEDED, TRANSFER_ENTRY or UNPROCESSABLE',
  429: 'Too many requests: wait and try again',
  500: 'Unexpected server error (the body carries only a request id)',
  503: 'Database unavailable',
} as const;

type Status = keyof typeof DESCRIPTIONS;

export function errorResponses(...statuses: Status[]): Record<number, string> {
  return Object.fromEntries(statuses.map((status) => [status, DESCRIPTIONS[status]]));
}

export const ID_ROUTE_ERRORS = errorResponses(400, 401, 404, 500);
export const BODY_ROUTE_ERRORS = errorResponses(400, 401, 413, 500);
export const MOVEMENT_ROUTE_ERRORS = errorResponses(400, 401, 404, 413, 422, 500);
export const LIST_ROUTE_ERRORS = errorResponses(401, 500);
